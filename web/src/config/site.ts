/**
 * The product's public social accounts, shown in the footer. The spec lists social links without
 * addresses; these are the handles the product uses, kept here so they change in one place.
 */
export const socialProfiles = [
  { network: 'Facebook', href: 'https://www.facebook.com/solutionzuk' },
  { network: 'Instagram', href: 'https://www.instagram.com/solutionzuk' },
  { network: 'X', href: 'https://x.com/solutionzuk' },
  { network: 'LinkedIn', href: 'https://www.linkedin.com/company/solutionzuk' },
] as const;

/** Required wherever the ONS postcode data is used (Open Government Licence v3.0). */
export const POSTCODE_DATA_ATTRIBUTION =
  'Contains OS data © Crown copyright and database right 2025; Contains Royal Mail data © Royal Mail copyright and database right 2025; Source: Office for National Statistics licensed under the Open Government Licence v3.0.';
