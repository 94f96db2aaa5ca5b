import { ThemedAntd } from '@stockbook/ui/antd';
import { LocationsPage } from './locations/locations-page';

/** `./Locations`: the locations list, mounted by the shell at /x/locations. */
export default function LocationsRemote() {
  return (
    <ThemedAntd>
      <LocationsPage />
    </ThemedAntd>
  );
}
