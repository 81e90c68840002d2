import type { Area, MediaBucketName } from '@solutionz/shared';

/**
 * What each area's function needs besides its code, declared once: the API stack grants exactly this and sets the
 * variables that area-config.ts reads for it. Adding a need to an area is an edit here (and the function reading it).
 */

/** What an area does with the table: areas that only answer questions read; the health check touches nothing. */
export type TableAccess = 'none' | 'read' | 'readWrite';

type S3ObjectAction = 's3:GetObject' | 's3:PutObject' | 's3:DeleteObject';

/** The secrets an area reads at cold start, each from an SSM SecureString whose name is in its variable. */
export type AreaSecret = 'stripeSecretKey' | 'stripeWebhookSecret' | 'adminSetupToken';

export interface AreaNeeds {
  readonly table: TableAccess;
  /** Its services place typed locations: the function carries the postcode and town tables. */
  readonly geocoding?: boolean;
  /** Packages with native code, installed into the function rather than bundled. */
  readonly nativeModules?: readonly 'sharp'[];
  /**
   * Object actions on a person's files in a media bucket (their uploads and what is served), and on the message
   * images and credential evidence kept in the portfolio bucket (`messageImages`, `credentialEvidence`). The function is
   * told each bucket's name.
   */
  readonly media?: Partial<Readonly<Record<MediaBucketName | 'messageImages' | 'credentialEvidence', readonly S3ObjectAction[]>>>;
  /** Cognito actions on the user pool, one policy statement per list. */
  readonly userPool?: readonly (readonly `cognito-idp:${string}`[])[];
  /** Signs people in through the server's app client (password and 2-step checks, 2-step setup). */
  readonly serverSignIn?: boolean;
  /** Mails people from the site's address (links open the site; admins' sign-ins live in their own domain). */
  readonly mail?: boolean;
  /** Sends people back to the site (Stripe Checkout and the customer portal); implied by `mail`. */
  readonly siteUrl?: boolean;
  /** Purges the cached public answers its changes affect (the web distribution's invalidations). */
  readonly purgePublicCache?: boolean;
  readonly secrets?: readonly AreaSecret[];
  /** Admin console routes answer only admins with 2-step verification on (a per-stage setting). */
  readonly adminMfaSetting?: boolean;
  /** Keeps concurrency of its own, so that it always has room (the stage's `reservedConcurrency` of the area). */
  readonly reservedConcurrency?: boolean;
}

/** Accounts are created and changed by our API, never by the browser. */
const MANAGE_USERS = [
  'cognito-idp:AdminCreateUser',
  'cognito-idp:AdminSetUserPassword',
  'cognito-idp:AdminAddUserToGroup',
  'cognito-idp:AdminUpdateUserAttributes',
  'cognito-idp:AdminDeleteUser',
] as const;

export const AREA_NEEDS = {
  system: { table: 'none' },
  categories: { table: 'read' },
  accounts: {
    table: 'readWrite',
    geocoding: true,
    // Account deletion removes the person's pictures, portfolio files, a business's logo and their message images.
    media: {
      avatars: ['s3:DeleteObject'],
      portfolio: ['s3:DeleteObject'],
      logos: ['s3:DeleteObject'],
      messageImages: ['s3:DeleteObject'],
      credentialEvidence: ['s3:DeleteObject'],
    },
    // The security tab: sign out everywhere, turn 2-step verification off. Setting it up acts with the token of a
    // sign-in with the person's password through the server client, not this role.
    userPool: [MANAGE_USERS, ['cognito-idp:AdminUserGlobalSignOut', 'cognito-idp:AdminSetUserMFAPreference']],
    serverSignIn: true,
    mail: true,
    // An erasure purges the provider's cached page, or the job board that listed the client's jobs.
    purgePublicCache: true,
    // Deleting an account cancels its membership at Stripe.
    secrets: ['stripeSecretKey'],
  },
  profiles: {
    table: 'readWrite',
    geocoding: true,
    // Presigned uploads are signed by this role, so it needs PutObject where the browser writes.
    media: {
      avatars: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      portfolio: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      credentialEvidence: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
    },
    // sharp loads a prebuilt libvips for the function's platform, which bundling cannot inline.
    nativeModules: ['sharp'],
  },
  directory: { table: 'readWrite', geocoding: true },
  feedback: { table: 'readWrite' },
  jobs: { table: 'readWrite', geocoding: true },
  // Stripe Checkout and the customer portal send the person back to the site.
  membership: { table: 'readWrite', siteUrl: true, secrets: ['stripeSecretKey'] },
  // The webhook always has room: a membership changes only through it.
  stripeWebhook: { table: 'readWrite', secrets: ['stripeSecretKey', 'stripeWebhookSecret'], reservedConcurrency: true },
  admin: {
    table: 'readWrite',
    // Deleting a user is the same erasure as their own (files, Stripe); creating a business stores its logo.
    media: {
      avatars: ['s3:DeleteObject'],
      portfolio: ['s3:DeleteObject'],
      logos: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'],
      messageImages: ['s3:DeleteObject'],
      // Admins open evidence documents to check them.
      credentialEvidence: ['s3:GetObject', 's3:DeleteObject'],
    },
    // Deactivation disables the sign-in and ends its sessions; a type change moves it between groups; the admin
    // 2-step rule reads the acting admin's MFA settings.
    userPool: [
      MANAGE_USERS,
      [
        'cognito-idp:AdminDisableUser',
        'cognito-idp:AdminEnableUser',
        'cognito-idp:AdminUserGlobalSignOut',
        'cognito-idp:AdminRemoveUserFromGroup',
        'cognito-idp:AdminGetUser',
      ],
    ],
    serverSignIn: true,
    mail: true,
    // Moderations purge the cached public answers they change.
    purgePublicCache: true,
    // The first-admin setup token is read from its SecureString where the stage has one (local and test stages go without).
    secrets: ['stripeSecretKey', 'adminSetupToken'],
    adminMfaSetting: true,
    // Logos are checked and re-encoded with sharp, as profile pictures are.
    nativeModules: ['sharp'],
  },
  messages: {
    table: 'readWrite',
    // Presigned uploads are signed by this role; checked images are written and read back by it.
    media: { messageImages: ['s3:GetObject', 's3:PutObject', 's3:DeleteObject'] },
    // Images are checked and re-encoded with sharp, as portfolio images are.
    nativeModules: ['sharp'],
  },
} as const satisfies Record<Area, AreaNeeds>;

/** An area's needs, as the API stack reads them. */
export const areaNeeds = (area: Area): AreaNeeds => AREA_NEEDS[area];

/**
 * The variable each secret's SSM parameter name goes in (area-config.ts reads it; the value is read at cold start).
 * Local runs give the secret itself in the variable without `_PARAMETER`.
 */
export const SECRET_PARAMETER_VARIABLES = {
  stripeSecretKey: 'STRIPE_SECRET_KEY_PARAMETER',
  stripeWebhookSecret: 'STRIPE_WEBHOOK_SECRET_PARAMETER',
  adminSetupToken: 'ADMIN_SETUP_TOKEN_PARAMETER',
} as const satisfies Record<AreaSecret, string>;

/** The variable a media bucket's name is in. */
export const MEDIA_BUCKET_VARIABLES = {
  avatars: 'MEDIA_BUCKET_AVATARS',
  portfolio: 'MEDIA_BUCKET_PORTFOLIO',
  logos: 'MEDIA_BUCKET_LOGOS',
} as const satisfies Record<MediaBucketName, string>;
