/**
 * For a mutation that sends what the visitor entered (payment, company details, signature and
 * banking numbers): it is sent at once and fails as any request does when the device is offline
 * (a paused mutation would wait, and could be persisted to the device with its variables), and it
 * is forgotten as soon as nothing shows it.
 */
export const sendNow = { networkMode: 'always', gcTime: 0 } as const;
