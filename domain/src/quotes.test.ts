import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  depositCapPercent,
  depositCents,
  formatCents,
  formatDifferenceCents,
  includedItems,
  lineCents,
  optionDifferencesCents,
  priceListLimits,
  priceListMessages,
  quoteMessages,
  quoteSections,
  quoteTotals,
  sectionSubtotalCents,
  selectionProblem,
  type QuoteItem,
} from './quotes';
import { depositPercentSchema, priceListEntrySchema, priceListSchema, quoteDraftSchema } from './quote-schemas';

const quantity = fc.integer({ min: 1, max: 1_000_000 }).map((hundredths) => hundredths / 100);
const item = fc.record({
  description: fc.constant('Item'),
  quantity,
  unitPriceCents: fc.integer({ min: 0, max: 10_000_000 }),
});

describe('quote totals', () => {
  it('are whole cents, the subtotal the sum of the lines, GST 10% of it rounded once, and the total their sum', () => {
    fc.assert(
      fc.property(fc.array(item, { minLength: 1, maxLength: 30 }), (items) => {
        const totals = quoteTotals(items);
        for (const value of [totals.subtotalCents, totals.gstCents, totals.totalCents, ...totals.lines.map((line) => line.lineCents)]) {
          expect(Number.isInteger(value)).toBe(true);
        }
        expect(totals.subtotalCents).toBe(totals.lines.reduce((sum, line) => sum + line.lineCents, 0));
        expect(Math.abs(totals.gstCents - totals.subtotalCents / 10)).toBeLessThanOrEqual(0.5);
        expect(totals.totalCents).toBe(totals.subtotalCents + totals.gstCents);
      }),
    );
  });

  it('round each line once, half away from zero: 1.5 × 3 cents is 5 cents and 2.5 m at $10.01 is $25.03', () => {
    expect(lineCents({ quantity: 1.5, unitPriceCents: 3 })).toBe(5);
    expect(lineCents({ quantity: 2.5, unitPriceCents: 1001 })).toBe(2503);
    expect(lineCents({ quantity: 0.01, unitPriceCents: 49 })).toBe(0);
    expect(lineCents({ quantity: 0.01, unitPriceCents: 50 })).toBe(1);
    expect(quoteTotals([{ description: 'Benchtop', quantity: 1, unitPriceCents: 5 }]).gstCents).toBe(1);
  });

  it('take the first item of a group by default, the chosen one otherwise, and optional items only when added', () => {
    const items: QuoteItem[] = [
      { description: 'Cabinets', quantity: 1, unitPriceCents: 1_000_000 },
      { description: 'Laminate benchtop', quantity: 1, unitPriceCents: 200_000, group: 'Benchtop' },
      { description: 'Stone benchtop', quantity: 1, unitPriceCents: 600_000, group: 'Benchtop' },
      { description: 'Soft-close drawers', quantity: 4, unitPriceCents: 5_000, optional: true },
    ];
    expect(includedItems(items)).toEqual([true, true, false, false]);
    expect(quoteTotals(items).totalCents).toBe(1_320_000);
    const stone = { choices: { Benchtop: 2 }, optionalItems: [3] };
    expect(includedItems(items, stone)).toEqual([true, false, true, true]);
    expect(quoteTotals(items, stone)).toMatchObject({ subtotalCents: 1_620_000, gstCents: 162_000, totalCents: 1_782_000 });
    expect(selectionProblem(items, stone)).toBeNull();
    expect(selectionProblem(items, { choices: { Benchtop: 0 } })).toBe(quoteMessages.choice);
    expect(selectionProblem(items, { optionalItems: [1] })).toBe(quoteMessages.optionalItem);
  });

  it('never move when an excluded option changes price', () => {
    fc.assert(
      fc.property(item, item, fc.integer({ min: 0, max: 10_000_000 }), (chosen, other, price) => {
        const items = [
          { ...chosen, group: 'A' },
          { ...other, group: 'A' },
        ];
        expect(quoteTotals(items).totalCents).toBe(quoteTotals([items[0], { ...items[1], unitPriceCents: price }]).totalCents);
      }),
    );
  });
});

describe('the deposit', () => {
  it('is at most 10% under $20,000 and 5% from $20,000, at $19,999.99 and $20,000.00', () => {
    expect(depositCapPercent(1_999_999)).toBe(10);
    expect(depositCapPercent(2_000_000)).toBe(5);
    expect(depositCents(1_999_999, null)).toBe(199_999);
    expect(depositCents(2_000_000, null)).toBe(100_000);
    expect(depositCents(2_000_000, 10)).toBe(100_000);
    expect(depositCents(1_000_000, 7.5)).toBe(75_000);
  });

  it('never passes the cap, whatever the setting', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000_000 }),
        fc.option(fc.double({ min: 0.01, max: 10, noNaN: true })),
        (total, setting) => {
          const deposit = depositCents(total, setting);
          expect(Number.isInteger(deposit)).toBe(true);
          expect(deposit).toBeLessThanOrEqual((total * depositCapPercent(total)) / 100);
        },
      ),
    );
  });

  it('refuses a setting above 10% with the reason', () => {
    const result = depositPercentSchema.safeParse(12);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0].message).toBe(quoteMessages.depositPercent(10));
    expect(depositPercentSchema.safeParse(null).success).toBe(true);
  });
});

describe('a draft', () => {
  const valid = { description: 'Cabinets', quantity: 1, unitPriceCents: 100 };
  const messageOf = (body: unknown) => {
    const result = quoteDraftSchema.safeParse(body);
    return result.success ? null : result.error.issues[0].message;
  };

  it('refuses an empty quote, negative quantities, fractional cents and a group item marked optional', () => {
    expect(messageOf({ items: [] })).toBe(quoteMessages.empty);
    expect(messageOf({ items: [{ ...valid, quantity: -1 }] })).toBe(quoteMessages.quantity);
    expect(messageOf({ items: [{ ...valid, quantity: 1.005 }] })).toBe(quoteMessages.quantity);
    expect(messageOf({ items: [{ ...valid, unitPriceCents: 10.5 }] })).toBe(quoteMessages.unitPrice);
    expect(messageOf({ items: [{ ...valid, group: 'Benchtop', optional: true }] })).toBe(quoteMessages.groupAllOptional);
    expect(messageOf({ items: [valid], validDays: 0 })).toBe(quoteMessages.validDays);
    expect(messageOf({ items: [valid, { ...valid, quantity: 2.25 }] })).toBeNull();
  });

  it('takes a section of 1 to 60 characters, trimmed, and refuses a longer or blank one naming the field', () => {
    const result = quoteDraftSchema.safeParse({ items: [{ ...valid, section: `  ${'C'.repeat(60)}  ` }] });
    expect(result.data?.items[0].section).toBe('C'.repeat(60));
    const tooLong = quoteDraftSchema.safeParse({ items: [valid, { ...valid, section: 'C'.repeat(61) }] });
    expect(tooLong.error?.issues).toMatchObject([{ path: ['items', 1, 'section'], message: quoteMessages.section }]);
    expect(quoteMessages.section).toBe('Section: 1 to 60 characters, such as "Cabinetry"');
    expect(messageOf({ items: [{ ...valid, section: '   ' }] })).toBe(quoteMessages.section);
  });
});

describe('sections', () => {
  const items: QuoteItem[] = [
    { description: 'Site protection', quantity: 1, unitPriceCents: 10_000 },
    { description: 'Base cabinets', quantity: 1, unitPriceCents: 500_000, section: 'Cabinetry' },
    { description: 'Pantry', quantity: 1, unitPriceCents: 250_000, section: 'Cabinetry' },
    { description: 'Laminate benchtop', quantity: 3.5, unitPriceCents: 33_333, group: 'Benchtop', section: 'Benchtops' },
    { description: 'Stone benchtop', quantity: 3.5, unitPriceCents: 95_000, group: 'Benchtop', section: 'Benchtops' },
    { description: 'Soft-close drawers', quantity: 4, unitPriceCents: 5_000, optional: true, section: 'Cabinetry' },
  ];

  it("are runs of consecutive items with the same section, in the items' order, items without one first", () => {
    expect(quoteSections(items)).toEqual([
      { name: null, indexes: [0] },
      { name: 'Cabinetry', indexes: [1, 2] },
      { name: 'Benchtops', indexes: [3, 4] },
      { name: 'Cabinetry', indexes: [5] },
    ]);
    expect(quoteSections([])).toEqual([]);
  });

  it("subtotal the included lines only, excluding GST, and add up to the quote's subtotal", () => {
    const totals = quoteTotals(items, { choices: { Benchtop: 4 }, optionalItems: [5] });
    expect(quoteSections(items).map((section) => sectionSubtotalCents(section, totals))).toEqual([10_000, 750_000, 332_500, 20_000]);
    const defaults = quoteTotals(items);
    // 3.5 × 33,333 = 116,665.5, rounded once to 116,666; the stone and the drawers are not included by default.
    expect(quoteSections(items).map((section) => sectionSubtotalCents(section, defaults))).toEqual([10_000, 750_000, 116_666, 0]);
    fc.assert(
      fc.property(fc.array(fc.tuple(item, fc.constantFrom(undefined, 'A', 'B')), { maxLength: 20 }), (pairs) => {
        const sectioned: QuoteItem[] = pairs.map(([line, section]) => (section ? { ...line, section } : line));
        const totals = quoteTotals(sectioned);
        const sum = quoteSections(sectioned).reduce((total, section) => total + sectionSubtotalCents(section, totals), 0);
        expect(sum).toBe(totals.subtotalCents);
      }),
    );
  });
});

describe('formatCents', () => {
  it('writes dollars with thousands separators and two decimals', () => {
    expect(formatCents(0)).toBe('$0.00');
    expect(formatCents(123_456_789)).toBe('$1,234,567.89');
    expect(formatCents(-5)).toBe('-$0.05');
  });
});

describe("an alternative's difference from its group's default", () => {
  const items: QuoteItem[] = [
    { description: 'Site protection', quantity: 1, unitPriceCents: 20_000 },
    { description: 'Laminate benchtop', quantity: 4.2, unitPriceCents: 21_000, group: 'Benchtop' },
    { description: 'Stone benchtop', quantity: 4.2, unitPriceCents: 105_440, group: 'Benchtop' },
    { description: 'Chrome tapware', quantity: 1, unitPriceCents: 60_000, group: 'Tapware' },
    { description: 'Brushed brass tapware', quantity: 1, unitPriceCents: 80_000, group: 'Tapware' },
    { description: 'Basic tapware', quantity: 1, unitPriceCents: 40_000, group: 'Tapware' },
  ];

  it("is each line less its group's first line, excluding GST, and none for items of no group", () => {
    // 4.2 m of stone at $1,054.40 is $4,428.48; of laminate at $210, $882.00.
    expect(optionDifferencesCents(items)).toEqual([null, 0, 354_648, 0, 20_000, -20_000]);
  });

  it('is what choosing the alternative does to the subtotal', () => {
    fc.assert(
      fc.property(fc.array(item, { minLength: 2, maxLength: 6 }), fc.nat(), (lines, pick) => {
        const grouped = lines.map((line) => ({ ...line, group: 'Choice' }));
        const index = pick % grouped.length;
        const chosen = quoteTotals(grouped, { choices: { Choice: index } }).subtotalCents;
        expect(chosen - quoteTotals(grouped).subtotalCents).toBe(optionDifferencesCents(grouped)[index]);
      }),
    );
  });

  it('reads with its sign: a plus, or a minus sign', () => {
    expect(formatDifferenceCents(354_648)).toBe('+$3,546.48');
    expect(formatDifferenceCents(-20_000)).toBe('\u2212$200.00');
    expect(formatDifferenceCents(0)).toBe('+$0.00');
  });
});

describe('the price list', () => {
  const entry = { id: 'a1', description: 'Stone benchtop', unit: 'm', unitPriceCents: 105_440, section: 'Benchtops' };

  it('keeps items whole, and leaves out an empty unit or section', () => {
    expect(priceListSchema.parse([entry, { id: 'b2', description: ' Sink ', unit: '', unitPriceCents: 0, section: ' ' }])).toEqual([
      entry,
      { id: 'b2', description: 'Sink', unitPriceCents: 0 },
    ]);
  });

  it('refuses an item without a description or price, a list too long, and two items of one id', () => {
    const message = (value: unknown) => priceListSchema.safeParse(value).error?.issues[0]?.message;
    expect(message([{ ...entry, description: '' }])).toBe(quoteMessages.description);
    expect(message([{ ...entry, unitPriceCents: 10.5 }])).toBe(quoteMessages.unitPrice);
    expect(message([{ ...entry, section: 'S'.repeat(61) }])).toBe(priceListMessages.section);
    expect(message([{ ...entry, id: 'no spaces' }])).toBe(priceListMessages.id);
    expect(message([entry, entry])).toBe(priceListMessages.duplicateId);
    expect(message(Array.from({ length: priceListLimits.items + 1 }, (_, i) => ({ ...entry, id: `i${i}` })))).toBe(
      priceListMessages.tooMany,
    );
  });

  it('takes an item saved from a quote without an id', () => {
    expect(priceListEntrySchema.parse({ description: 'Tiling', unitPriceCents: 9_500, unit: 'm²' })).toEqual({
      description: 'Tiling',
      unitPriceCents: 9_500,
      unit: 'm²',
    });
  });
});
