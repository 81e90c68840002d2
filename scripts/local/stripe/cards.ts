/**
 * The card form of the hosted checkout page: Stripe's test cards and the messages Stripe's card fields
 * show for what was typed.
 */

/** What is typed into the checkout page's card form (`submitCheckout` in client.ts). */
export interface CardEntry {
  readonly cardNumber: string;
  readonly expiry: string;
  readonly cvc: string;
  readonly email?: string;
}

/** Stripe's test card that always pays. */
export const VALID_CARD = { cardNumber: '4242 4242 4242 4242', expiry: '12 / 34', cvc: '123' } as const;

/** Stripe's test card that is always declined ("Your card was declined."). */
export const DECLINED_CARD = { cardNumber: '4000 0000 0000 0002', expiry: '12 / 34', cvc: '123' } as const;

export type CardBehaviour =
  /** Every charge succeeds. */
  | 'succeeds'
  /** The first charge is refused with `declineCode`. */
  | 'declined'
  /**
   * Stripe's "attaches, but charges fail" card. Here the checkout's own charge goes through, so a
   * membership starts, and every later charge (renewals, plan switches) fails.
   */
  | 'renewals_fail';

interface TestCard {
  readonly brand: string;
  readonly funding: 'credit' | 'debit';
  readonly behaviour: CardBehaviour;
  readonly declineCode?: string;
}

const TEST_CARDS: Readonly<Record<string, TestCard>> = {
  '4242424242424242': { brand: 'visa', funding: 'credit', behaviour: 'succeeds' },
  '4000056655665556': { brand: 'visa', funding: 'debit', behaviour: 'succeeds' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit', behaviour: 'succeeds' },
  '4000000000000341': { brand: 'visa', funding: 'credit', behaviour: 'renewals_fail' },
  '4000000000000002': { brand: 'visa', funding: 'credit', behaviour: 'declined', declineCode: 'generic_decline' },
  '4000000000009995': { brand: 'visa', funding: 'credit', behaviour: 'declined', declineCode: 'insufficient_funds' },
};

export const CARD_MESSAGES = {
  numberIncomplete: 'Your card number is incomplete.',
  numberInvalid: 'Your card number is invalid.',
  expiryIncomplete: "Your card's expiration date is incomplete.",
  expiryMonthInvalid: "Your card's expiration month is invalid.",
  expiryYearPast: "Your card's expiration year is in the past.",
  expiryPast: "Your card's expiration date is in the past.",
  cvcIncomplete: "Your card's security code is incomplete.",
  emailIncomplete: 'Your email address is incomplete.',
  emailInvalid: 'Your email address is invalid.',
  declined: 'Your card was declined.',
  insufficientFunds: 'Your card has insufficient funds.',
  liveCardInTestMode:
    'Your card was declined. Your request was in test mode, but used a non test (live) card. For a list of valid test cards, visit: https://stripe.com/docs/testing.',
} as const;

export interface CardForm {
  readonly cardNumber: string;
  readonly expiry: string;
  readonly cvc: string;
}

export type CardField = keyof CardForm;

export interface EnteredCard {
  readonly number: string;
  readonly last4: string;
  readonly brand: string;
  readonly funding: 'credit' | 'debit';
  readonly expMonth: number;
  readonly expYear: number;
  readonly behaviour: CardBehaviour;
}

export type CardCheck =
  | { readonly kind: 'accepted'; readonly card: EnteredCard }
  | { readonly kind: 'invalid'; readonly fieldErrors: Partial<Record<CardField, string>> }
  | { readonly kind: 'declined'; readonly message: string; readonly declineCode: string };

function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** Checks the form as Stripe's card fields do (`today` for the expiry: the local Stripe's clock), then the card itself. */
export function checkCard(form: CardForm, today: Date): CardCheck {
  const fieldErrors: Partial<Record<CardField, string>> = {};
  const number = form.cardNumber.replace(/[\s-]/g, '');
  if (!/^\d+$/.test(number) || number.length < 16) {
    fieldErrors.cardNumber = /^\d*$/.test(number) ? CARD_MESSAGES.numberIncomplete : CARD_MESSAGES.numberInvalid;
  } else if (number.length > 16 || !passesLuhn(number)) {
    fieldErrors.cardNumber = CARD_MESSAGES.numberInvalid;
  }

  const expiry = /^\s*(\d{1,2})\s*(?:\/\s*)?(\d{2})\s*$/.exec(form.expiry);
  let expMonth = 0;
  let expYear = 0;
  if (!expiry) {
    fieldErrors.expiry = CARD_MESSAGES.expiryIncomplete;
  } else {
    expMonth = Number(expiry[1]);
    expYear = 2000 + Number(expiry[2]);
    const year = today.getUTCFullYear();
    const month = today.getUTCMonth() + 1;
    if (expMonth < 1 || expMonth > 12) fieldErrors.expiry = CARD_MESSAGES.expiryMonthInvalid;
    else if (expYear < year) fieldErrors.expiry = CARD_MESSAGES.expiryYearPast;
    else if (expYear === year && expMonth < month) fieldErrors.expiry = CARD_MESSAGES.expiryPast;
  }

  if (!/^\d{3}$/.test(form.cvc.trim())) fieldErrors.cvc = CARD_MESSAGES.cvcIncomplete;

  if (Object.keys(fieldErrors).length > 0) return { kind: 'invalid', fieldErrors };

  const test = TEST_CARDS[number];
  if (!test) return { kind: 'declined', message: CARD_MESSAGES.liveCardInTestMode, declineCode: 'test_mode_live_card' };
  if (test.behaviour === 'declined') {
    const declineCode = test.declineCode ?? 'generic_decline';
    return { kind: 'declined', message: declineCode === 'insufficient_funds' ? CARD_MESSAGES.insufficientFunds : CARD_MESSAGES.declined, declineCode };
  }
  return {
    kind: 'accepted',
    card: { number, last4: number.slice(-4), brand: test.brand, funding: test.funding, expMonth, expYear, behaviour: test.behaviour },
  };
}
