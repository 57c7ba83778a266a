import { describe, expect, it } from 'vitest';
import {
  birthDateProblem, emailProblem, normalizeCouponCode, normalizePhone, oneNameProblem, passwordProblem, toLatinDigits, twoNamesProblem,
} from '../../../server/contract/rules.ts';
import { GOVERNORATES, findGovernorate } from '../../../server/contract/governorates.ts';

const TODAY = '2026-11-21';

describe('shared form rules', () => {
  it('reads Eastern Arabic digits', () => {
    expect(toLatinDigits('٠١٠١٢٣٤٥٦٧٨')).toBe('01012345678');
  });
  it.each([
    ['01012345678', '01012345678'],
    ['٠١٠١٢٣٤٥٦٧٨', '01012345678'],
    ['+201012345678', '01012345678'],
    ['00201012345678', '01012345678'],
    ['010 1234 5678', '01012345678'],
    ['0101234567', null],
    ['010123456789', null],
    ['0101234567a', null],
  ])('phone %s → %s', (input, expected) => {
    expect(normalizePhone(input)).toBe(expected);
  });
  it.each([
    ['Salma', null], ['سلمى', null], ['Al', 'name_one_word'], ['Salma Nabil', 'name_one_word'], ['', 'field_required'], ['Sal3a', 'name_one_word'],
  ])('one name %s', (input, expected) => {
    expect(oneNameProblem(input)).toBe(expected);
  });
  it.each([
    ['Salma Nabil', null], ['سلمى نبيل', null], ['Salma  Nabil Ali', null], ['Salma', 'name_two_words'], ['Salma Al', 'name_two_words'], ['  ', 'field_required'],
  ])('two names %s', (input, expected) => {
    expect(twoNamesProblem(input)).toBe(expected);
  });
  it.each([
    ['1998-03-14', null], ['1998-3-4', null], ['١٩٩٨-٠٣-١٤', null],
    ['1998-13-01', 'month_invalid'], ['1998-00-10', 'month_invalid'], ['1998-01-32', 'day_invalid'], ['1998-01-00', 'day_invalid'],
    ['2000-02-30', 'february_days'], ['2000-02-29', null], ['1996-02-29', null], ['1995-02-29', 'february_28_days'],
    ['1900-02-29', 'february_28_days'], ['١٩٩٥-٠٢-٢٩', 'february_28_days'], ['1995-2-29', 'february_28_days'], ['1995-02-28', null], ['1998-04-31', 'month_30_days'], ['1998-11-31', 'month_30_days'],
    ['1850-01-01', 'year_invalid'], ['2030-01-01', 'year_invalid'], ['2016-11-22', 'too_young'], ['2016-11-21', null],
    ['14/03/1998', 'date_invalid'], ['', 'field_required'],
  ])('birth date %s', (input, expected) => {
    expect(birthDateProblem(input, TODAY)).toBe(expected);
  });
  it('checks email, password and coupon code', () => {
    expect(emailProblem('demo@attar.eg')).toBeNull();
    expect(emailProblem('demo@attar')).toBe('email_invalid');
    expect(passwordProblem('12345', '12345')).toBe('password_short');
    expect(passwordProblem('123456', '123457')).toBe('password_mismatch');
    expect(passwordProblem('123456', '123456')).toBeNull();
    expect(normalizeCouponCode(' welcome١٠ ')).toBe('WELCOME10');
  });
  it('knows the 27 governorates in both languages', () => {
    expect(GOVERNORATES).toHaveLength(27);
    expect(new Set(GOVERNORATES.map((g) => g.code)).size).toBe(27);
    expect(findGovernorate('Giza')?.code).toBe('giza');
    expect(findGovernorate('الجيزة')?.code).toBe('giza');
    expect(findGovernorate('Atlantis')).toBeNull();
  });
});

describe('names with Arabic marks', () => {
  it.each([
    ['عطّار', null], ['مُحَمَّد', null], ['ـــــ', 'name_one_word'], ['عـــلي', null], ['عً', 'name_one_word'],
  ])('one name %s', (input, expected) => {
    expect(oneNameProblem(input)).toBe(expected);
  });
});
