import { AdminRoot } from './common/admin-root';
import { LocationsPage } from './locations/locations-page';

/** `./Locations`: the locations list, mounted by the shell at /x/locations. */
export default function LocationsRemote() {
  return (
    <AdminRoot>
      <LocationsPage />
    </AdminRoot>
  );
}
