import { dealMessages } from '@common/deals';
import { SearchPicker, type Picked, type SearchPickerProps } from '../../components/search-picker';
import { contactSearchQuery } from './api';

export type PickedContact = Picked;

type ContactPickerProps = Pick<SearchPickerProps, 'value' | 'onChange' | 'error' | 'className'>;

/** The deal's contact: a search of the user's contacts by the server, reopened on the matches of the picked name. */
export function ContactPicker(props: ContactPickerProps) {
  return (
    <SearchPicker
      label="Contact"
      plural="contacts"
      search={contactSearchQuery}
      loadFailed={dealMessages.contactsLoadFailed}
      {...props}
    />
  );
}
