import { describe, expect, it } from 'vitest';
import { AgentPhoneInputSchema, normaliseBangladeshiMobile, whatsAppLink } from './agent-phone.ts';
import { phoneMessages } from './conversations-messages.ts';

describe('Bangladeshi mobile numbers', () => {
  it.each([
    ['01712345678', '+8801712345678'],
    ['+8801712345678', '+8801712345678'],
    ['8801912345678', '+8801912345678'],
    ['00880 1312-345678', '+8801312345678'],
    ['+880 (1812) 345 678', '+8801812345678'],
    ['০১৭১২৩৪৫৬৭৮', '+8801712345678'],
    ['+৮৮০ ১৯১২-৩৪৫৬৭৮', '+8801912345678'],
  ])('reads %s as %s', (input, stored) => {
    expect(normaliseBangladeshiMobile(input)).toBe(stored);
  });

  it.each(['0171234567', '017123456789', '01212345678', '+8802912345678', 'call me', ''])(
    'refuses %s',
    (input) => {
      expect(normaliseBangladeshiMobile(input)).toBeNull();
    },
  );

  it('links WhatsApp by the digits alone', () => {
    expect(whatsAppLink('+8801712345678')).toBe('https://wa.me/8801712345678');
  });

  it('the input schema stores the normal form, clears on blank or null, and names the rule', () => {
    expect(AgentPhoneInputSchema.parse({ phone: '017 1234 5678' })).toEqual({
      phone: '+8801712345678',
    });
    expect(AgentPhoneInputSchema.parse({ phone: '  ' })).toEqual({ phone: null });
    expect(AgentPhoneInputSchema.parse({ phone: null })).toEqual({ phone: null });
    const refused = AgentPhoneInputSchema.safeParse({ phone: '999' });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(phoneMessages.invalid);
  });
});
