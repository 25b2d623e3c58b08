import { z } from 'zod/mini';
import { phoneMessages } from './conversations-messages.ts';
import { asciiDigits, text } from './text.ts';

/** A Bangladeshi mobile number as stored and shown: +880, then 1, an operator digit 3–9, 8 digits. */
const BANGLADESHI_MOBILE = /^\+8801[3-9]\d{8}$/;

/**
 * The stored form (+8801XXXXXXXXX) of a number typed the ways people write it (01712345678,
 * 8801712345678, +880 1712-345678, 00880…, in Bangla digits too: ০১৭১২৩৪৫৬৭৮), or null when it is no Bangladeshi mobile number.
 */
export function normaliseBangladeshiMobile(input: string): string | null {
  const digits = asciiDigits(input).replace(/[\s().-]/g, '');
  const national = digits.replace(/^(\+880|00880|880)/, '0');
  const candidate = /^0\d{10}$/.test(national) ? `+880${national.slice(1)}` : digits;
  return BANGLADESHI_MOBILE.test(candidate) ? candidate : null;
}

/** The WhatsApp link of a stored number (wa.me wants the digits without the plus). */
export function whatsAppLink(phone: string): string {
  return `https://wa.me/${phone.replace(/^\+/, '')}`;
}

/** An agent sets or clears (null or blank) the phone number shown on their listings. */
export const AgentPhoneInputSchema = z.strictObject({
  phone: z.nullable(
    z.pipe(
      text().check(z.maxLength(40, phoneMessages.invalid)),
      z.transform((value, ctx) => {
        if (value.trim() === '') return null;
        const phone = normaliseBangladeshiMobile(value);
        if (phone === null) {
          ctx.issues.push({ code: 'custom', message: phoneMessages.invalid, input: value });
          return z.NEVER;
        }
        return phone;
      }),
    ),
  ),
});
export type AgentPhoneInput = z.input<typeof AgentPhoneInputSchema>;

export const AgentPhoneSchema = z.object({ phone: z.nullable(z.string()) });
export type AgentPhone = z.infer<typeof AgentPhoneSchema>;
