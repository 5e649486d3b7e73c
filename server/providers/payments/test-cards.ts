/**
 * Stripe's test mode, as the sandbox plays it. Sources:
 * - online test cards and their errors: https://docs.stripe.com/testing (4242... succeeds, 0002
 *   card_declined, 9995 insufficient_funds, 9987 lost_card, 9979 stolen_card, 0069 expired_card,
 *   0127 incorrect_cvc, 0119 processing_error, a number failing Luhn incorrect_number; a past expiry
 *   year invalid_expiry_year, a month outside 1-12 invalid_expiry_month, a bad CVC invalid_cvc);
 * - reader test cards and test amounts: https://docs.stripe.com/terminal/references/testing
 *   (interac 4506 4450 0693 1933; amounts ending in .01 call_issuer, .05 generic_decline,
 *   .55 incorrect_pin, .65 withdrawal_count_limit_exceeded, .75 pin_try_exceeded);
 * - messages: Stripe's API texts ("Your card was declined.", "Your card has insufficient funds.",
 *   "Your card has expired.", "Your card number is incorrect.", "Your card's security code is
 *   incorrect.", "Your card's expiration year is invalid."...);
 * - 3-D Secure test cards: https://docs.stripe.com/testing#regulatory-cards and #authentication-and-setup
 *   (3155 authenticate unless set up, 3184 always authenticate, 0446 already set up, 3178 insufficient
 *   funds after authentication, 3220 3DS2 required, 1629 declined after authentication). The shop
 *   pays on session, where each of them asks the cardholder; Stripe's test page completes or fails it.
 * - dispute test card: https://docs.stripe.com/testing#disputes (0259: the charge succeeds, then is
 *   disputed as fraudulent).
 * - fraud prevention test cards: https://docs.stripe.com/radar/testing (4100 0000 0000 0019 always
 *   blocked, and 4954 at the highest risk level, which Radar's default rule blocks: card_declined,
 *   fraudulent; 9235 at an elevated risk level goes through).
 */
import { PaymentError, type PaymentMethodType } from './gateway.ts';

export interface Decline {
  code: string;
  decline_code?: string;
  message: string;
  param?: string;
}

const DECLINED = 'Your card was declined.';

/** By outcome (Stripe's decline_code, or error code when there is none). */
export const DECLINES: Record<string, Decline> = {
  generic_decline: { code: 'card_declined', decline_code: 'generic_decline', message: DECLINED },
  insufficient_funds: {
    code: 'card_declined',
    decline_code: 'insufficient_funds',
    message: 'Your card has insufficient funds.',
  },
  lost_card: { code: 'card_declined', decline_code: 'lost_card', message: DECLINED },
  stolen_card: { code: 'card_declined', decline_code: 'stolen_card', message: DECLINED },
  fraudulent: { code: 'card_declined', decline_code: 'fraudulent', message: DECLINED },
  call_issuer: { code: 'card_declined', decline_code: 'call_issuer', message: DECLINED },
  incorrect_pin: { code: 'card_declined', decline_code: 'incorrect_pin', message: DECLINED },
  withdrawal_count_limit_exceeded: {
    code: 'card_declined',
    decline_code: 'withdrawal_count_limit_exceeded',
    message: DECLINED,
  },
  pin_try_exceeded: { code: 'card_declined', decline_code: 'pin_try_exceeded', message: DECLINED },
  expired_card: {
    code: 'expired_card',
    decline_code: 'expired_card',
    message: 'Your card has expired.',
    param: 'exp_month',
  },
  incorrect_cvc: {
    code: 'incorrect_cvc',
    decline_code: 'incorrect_cvc',
    message: "Your card's security code is incorrect.",
    param: 'cvc',
  },
  processing_error: {
    code: 'processing_error',
    decline_code: 'processing_error',
    message: 'An error occurred while processing your card. Try again in a little bit.',
  },
  incorrect_number: { code: 'incorrect_number', message: 'Your card number is incorrect.', param: 'number' },
};

export function declineError(outcome: string, paymentIntentId?: string): PaymentError {
  const decline = DECLINES[outcome] ?? DECLINES.generic_decline!;
  return new PaymentError({ type: 'card_error', ...decline, paymentIntentId });
}

interface TestCard {
  brand: string;
  funding: 'credit' | 'debit' | 'prepaid';
  country: string;
  outcome?: string;
  /** 3-D Secure: the payment waits for the cardholder; `outcome` is what happens once they confirm. */
  authentication?: true;
  /** Its captured charge is disputed for this reason. */
  dispute?: string;
}

const visa = (outcome?: string): TestCard => ({ brand: 'visa', funding: 'credit', country: 'US', outcome });
const threeDSecureVisa = (outcome?: string): TestCard => ({ ...visa(outcome), authentication: true });

/** The message of a payment whose 3-D Secure authentication failed (Stripe's, word for word). */
export const AUTHENTICATION_FAILED_MESSAGE =
  'We are unable to authenticate your payment method. Please choose a different payment method and try again.';

/** Stripe's test cards by number; any other number passing Luhn succeeds as its brand, credit. */
const TEST_CARDS: Record<string, TestCard> = {
  '4242424242424242': visa(),
  '4000056655665556': { brand: 'visa', funding: 'debit', country: 'US' },
  '4000001240000000': { brand: 'visa', funding: 'credit', country: 'CA' },
  '5555555555554444': { brand: 'mastercard', funding: 'credit', country: 'US' },
  '5200828282828210': { brand: 'mastercard', funding: 'debit', country: 'US' },
  '5105105105105100': { brand: 'mastercard', funding: 'prepaid', country: 'US' },
  '378282246310005': { brand: 'amex', funding: 'credit', country: 'US' },
  '6011111111111117': { brand: 'discover', funding: 'credit', country: 'US' },
  '4000000000000002': visa('generic_decline'),
  '4000000000009995': visa('insufficient_funds'),
  '4000000000009987': visa('lost_card'),
  '4000000000009979': visa('stolen_card'),
  '4000000000000069': visa('expired_card'),
  '4000000000000127': visa('incorrect_cvc'),
  '4000000000000119': visa('processing_error'),
  '4000002500003155': threeDSecureVisa(),
  '4000002760003184': threeDSecureVisa(),
  '4000003800000446': threeDSecureVisa(),
  '4000000000003220': threeDSecureVisa(),
  '4000008260003178': threeDSecureVisa('insufficient_funds'),
  '4000008400001629': threeDSecureVisa('generic_decline'),
  '4000000000000259': { ...visa(), dispute: 'fraudulent' },
  '4100000000000019': visa('fraudulent'),
  '4000000000004954': visa('fraudulent'),
};

/** Stripe's Interac test card (Terminal testing page). */
export const INTERAC_TEST_CARD = '4506445006931933';
export const DEFAULT_TEST_CARD = '4242424242424242';

export function luhnValid(digits: string): boolean {
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

export function brandOf(digits: string): string {
  const two = Number(digits.slice(0, 2));
  const four = Number(digits.slice(0, 4));
  if (digits.startsWith('4')) return 'visa';
  if ((two >= 51 && two <= 55) || (four >= 2221 && four <= 2720)) return 'mastercard';
  if (two === 34 || two === 37) return 'amex';
  if (digits.startsWith('6011') || digits.startsWith('65') || (four >= 6440 && four <= 6499))
    return 'discover';
  if (two === 35) return 'jcb';
  if (two === 30 || two === 36 || two === 38) return 'diners';
  if (two === 62) return 'unionpay';
  return 'unknown';
}

function cardError(code: string, message: string, param: string): PaymentError {
  return new PaymentError({ type: 'card_error', code, message, param });
}

export interface CheckedCard {
  brand: string;
  last4: string;
  funding: string;
  country: string | null;
  expMonth: number;
  expYear: number;
  /** null: the card succeeds when charged; otherwise a key of DECLINES. */
  outcome: string | null;
  /** A 3-D Secure card: each payment asks the cardholder first. */
  requiresAuthentication: boolean;
  /** A dispute test card: the reason its captured charges are disputed for. */
  disputeReason: string | null;
}

/**
 * What Stripe checks when a card is tokenized: the number (Luhn), the expiry and the CVC.
 * Declines (0002, 9995...) pass here and fail when charged, as on Stripe.
 */
export function checkCard(
  input: { number: string; exp_month: number; exp_year: number; cvc: string },
  now: Date,
): CheckedCard {
  const digits = String(input.number).replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits) || !luhnValid(digits)) {
    throw cardError('incorrect_number', 'Your card number is incorrect.', 'number');
  }
  const month = Number(input.exp_month);
  if (!Number.isInteger(month) || month < 1 || month > 12) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  }
  let year = Number(input.exp_year);
  if (Number.isInteger(year) && year >= 0 && year < 100) year += 2000;
  const thisYear = now.getUTCFullYear();
  if (!Number.isInteger(year) || year < thisYear || year > thisYear + 50) {
    throw cardError('invalid_expiry_year', "Your card's expiration year is invalid.", 'exp_year');
  }
  if (year === thisYear && month < now.getUTCMonth() + 1) {
    throw cardError('invalid_expiry_month', "Your card's expiration month is invalid.", 'exp_month');
  }
  const brand = TEST_CARDS[digits]?.brand ?? brandOf(digits);
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (!new RegExp(`^\\d{${cvcLength}}$`).test(String(input.cvc ?? ''))) {
    throw cardError('invalid_cvc', "Your card's security code is invalid.", 'cvc');
  }
  const known = TEST_CARDS[digits];
  return {
    brand,
    last4: digits.slice(-4),
    funding: known?.funding ?? 'credit',
    country: known?.country ?? null,
    expMonth: month,
    expYear: year,
    outcome: known?.outcome ?? null,
    requiresAuthentication: known?.authentication === true,
    disputeReason: known?.dispute ?? null,
  };
}

/** Stripe Terminal's test amounts: the cents decide the outcome on a (simulated) reader. */
export function terminalAmountOutcome(amount: number): string | null {
  switch (amount % 100) {
    case 1:
      return 'call_issuer';
    case 5:
      return 'generic_decline';
    case 55:
      return 'incorrect_pin';
    case 65:
      return 'withdrawal_count_limit_exceeded';
    case 75:
      return 'pin_try_exceeded';
    default:
      return null;
  }
}

export interface PresentedCard {
  type: Exclude<PaymentMethodType, 'card'>;
  brand: string;
  network: string;
  last4: string;
  funding: string;
  country: string;
  outcome: string | null;
}

/** A card tapped or inserted on a simulated reader (Stripe's present_payment_method test helper). */
export function presentedCard(type: PresentedCard['type'], number: string | undefined): PresentedCard {
  const digits = String(
    number ?? (type === 'interac_present' ? INTERAC_TEST_CARD : DEFAULT_TEST_CARD),
  ).replace(/[\s-]/g, '');
  const valid = /^\d{12,19}$/.test(digits) && luhnValid(digits);
  const last4 = valid ? digits.slice(-4) : '0000';
  if (type === 'interac_present') {
    return {
      type,
      brand: 'interac',
      network: 'interac',
      last4,
      funding: 'debit',
      country: 'CA',
      outcome: valid ? null : 'incorrect_number',
    };
  }
  const known = TEST_CARDS[digits];
  const brand = known?.brand ?? brandOf(digits);
  return {
    type,
    brand,
    network: brand,
    last4,
    funding: known?.funding ?? 'credit',
    country: known?.country ?? 'US',
    outcome: valid ? (known?.outcome ?? null) : 'incorrect_number',
  };
}
