import { taskMessages } from '@common/tasks';
import { SearchPicker, type Picked, type SearchPickerProps } from '../../components/search-picker';

export type { Picked };

/** "Project" or "Deal" (`label`), "projects" or "deals" (`plural`), and their search. */
type LinkPickerProps = Omit<SearchPickerProps, 'loadFailed' | 'relistWhenPicked'>;

/** A task's project or deal (or a filter's): reopened on a picked one, it lists them all again. */
export function LinkPicker(props: LinkPickerProps) {
  return <SearchPicker loadFailed={taskMessages.linksLoadFailed} relistWhenPicked {...props} />;
}
