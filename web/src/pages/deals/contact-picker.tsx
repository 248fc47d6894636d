import { dealMessages } from '@common/deals';
import { SearchPicker, type Picked } from '../../components/search-picker';
import { contactSearchQuery } from './api';

export type PickedContact = Picked;

interface ContactPickerProps {
  value: PickedContact | null;
  onChange: (contact: PickedContact | null) => void;
  error?: string;
  className?: string;
}

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
