/**
 * Who runs the shop, as the footer and the legal pages state it. Fictional placeholders: replace them
 * with the operator's registered details before going live.
 */
export const COMPANY = {
  businessName: 'KeyVault Digital Ltd',
  owner: 'Eleanor Whitcombe',
  address: ['Unit 4, 18 Wharf Street', 'Leeds LS2 7EQ', 'United Kingdom'],
} as const;

/** The customer support mailbox (a reserved `.example` domain until the real one is known). */
export const SUPPORT_EMAIL = 'support@keyvault.example';
