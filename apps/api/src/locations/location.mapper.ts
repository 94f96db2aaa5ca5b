import type { Location } from '@stockbook/contracts';
import type { LocationEntity } from './location.entity';

export function toLocation(location: LocationEntity): Location {
  return {
    _id: location.id,
    name: location.name,
    address: location.address,
    contactNumber: location.contactNumber,
    canSell: location.canSell,
    taxRateID: location.taxRateId,
    createdAt: location.createdAt.toISOString(),
    updatedAt: location.updatedAt.toISOString(),
  };
}
