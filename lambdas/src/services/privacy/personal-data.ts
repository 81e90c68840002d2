import type { ProfileRecord } from '../../data/account-repository';

/** Whose data an export collects or an erasure removes. */
export interface DataSubject {
  readonly userId: string;
  readonly email: string;
  readonly profile: ProfileRecord;
}

/** One kind of data in GET /api/me/export, under `sections[name]`. */
export interface ExportSection {
  readonly name: string;
  /** What the product holds of this kind about the person, with no secrets or internal keys in it. */
  collect(subject: DataSubject): Promise<unknown>;
}

/** One kind of data removed when an account is deleted; running it twice does no harm. */
export interface Eraser {
  readonly name: string;
  erase(subject: DataSubject): Promise<void>;
}

/**
 * Every kind of personal data the product keeps beyond the account and profile themselves (which the
 * export and the erasure handle directly): code that stores something new about a person adds
 * its section and its eraser to the lists built in `registry.ts` (docs/product/privacy.md).
 */
export interface PersonalDataRegistry {
  readonly sections: readonly ExportSection[];
  readonly erasers: readonly Eraser[];
}
