/**
 * The per-address limit of the reads behind a link families open without signing in (a report
 * card, a pay page, a student link). Their keys are 128 bits random or more, so guessing is hopeless
 * and the limit only keeps scanners cheap to serve; it is sized for a carrier-grade NAT address
 * shared by hundreds of subscribers, who all open a centre's result SMS in the same minutes
 * (IDENTITY.md, "Limits for shared addresses").
 */
export const publicLinkLimit = { rateLimit: { max: 3000, timeWindow: '1 minute' } };
