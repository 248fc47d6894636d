import { taskMessages } from '@common/tasks';
import { SearchPicker, type Picked, type PickerSearch } from '../../components/search-picker';

export type { Picked };

interface LinkPickerProps {
  /** "Project" or "Deal": the label, and the names of the list and the clear button. */
  label: string;
  /** The plural for the list and its empty line: "projects", "deals". */
  plural: string;
  search: PickerSearch;
  value: Picked | null;
  onChange: (value: Picked | null) => void;
  disabled?: boolean;
  hint?: string;
  error?: string;
  className?: string;
  floating?: boolean;
}

/** A task's project or deal (or a filter's): reopened on a picked one, it lists them all again. */
export function LinkPicker(props: LinkPickerProps) {
  return <SearchPicker loadFailed={taskMessages.linksLoadFailed} relistWhenPicked {...props} />;
}
