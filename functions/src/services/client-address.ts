import type { Request } from 'express';
import { ipKeyGenerator } from 'express-rate-limit';

/**
 * An IPv6 client usually holds a whole /56 (or more), so it counts as one client per /56:
 * otherwise each of its addresses would get a rate limit and an upload quota of its own.
 */
const ipv6Subnet = 56;

/** The client a request is counted under (rate limits, upload quotas, the audit's counted entries): its IP, or its /56 for IPv6. */
export const clientKey = (req: Request) => ipKeyGenerator(req.ip ?? 'unknown', ipv6Subnet);
