import { SetMetadata } from '@nestjs/common';
import type { AddressLimitedRoute } from './rate-limits.service';

export const ADDRESS_LIMIT_METADATA = 'stockbook:address-limit';

/** Counts calls to this public route per client address (the session guard applies it). */
export const LimitPerAddress = (route: AddressLimitedRoute) => SetMetadata(ADDRESS_LIMIT_METADATA, route);
