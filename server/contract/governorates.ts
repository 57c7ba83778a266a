// Egypt's 27 governorates. Addresses store the stable code; the
// name is shown in the active language.
export const GOVERNORATES = [
  { code: 'cairo', en: 'Cairo', ar: 'القاهرة' },
  { code: 'giza', en: 'Giza', ar: 'الجيزة' },
  { code: 'alexandria', en: 'Alexandria', ar: 'الإسكندرية' },
  { code: 'dakahlia', en: 'Dakahlia', ar: 'الدقهلية' },
  { code: 'red-sea', en: 'Red Sea', ar: 'البحر الأحمر' },
  { code: 'beheira', en: 'Beheira', ar: 'البحيرة' },
  { code: 'fayoum', en: 'Fayoum', ar: 'الفيوم' },
  { code: 'gharbia', en: 'Gharbia', ar: 'الغربية' },
  { code: 'ismailia', en: 'Ismailia', ar: 'الإسماعيلية' },
  { code: 'menofia', en: 'Menofia', ar: 'المنوفية' },
  { code: 'minya', en: 'Minya', ar: 'المنيا' },
  { code: 'qalyubia', en: 'Qalyubia', ar: 'القليوبية' },
  { code: 'new-valley', en: 'New Valley', ar: 'الوادي الجديد' },
  { code: 'suez', en: 'Suez', ar: 'السويس' },
  { code: 'aswan', en: 'Aswan', ar: 'أسوان' },
  { code: 'assiut', en: 'Assiut', ar: 'أسيوط' },
  { code: 'beni-suef', en: 'Beni Suef', ar: 'بني سويف' },
  { code: 'port-said', en: 'Port Said', ar: 'بورسعيد' },
  { code: 'damietta', en: 'Damietta', ar: 'دمياط' },
  { code: 'sharkia', en: 'Sharkia', ar: 'الشرقية' },
  { code: 'south-sinai', en: 'South Sinai', ar: 'جنوب سيناء' },
  { code: 'kafr-el-sheikh', en: 'Kafr El Sheikh', ar: 'كفر الشيخ' },
  { code: 'matrouh', en: 'Matrouh', ar: 'مطروح' },
  { code: 'luxor', en: 'Luxor', ar: 'الأقصر' },
  { code: 'qena', en: 'Qena', ar: 'قنا' },
  { code: 'north-sinai', en: 'North Sinai', ar: 'شمال سيناء' },
  { code: 'sohag', en: 'Sohag', ar: 'سوهاج' },
] as const;

export type GovernorateCode = (typeof GOVERNORATES)[number]['code'];

/** Finds a governorate by its code or by its name in either language. */
export function findGovernorate(value: string) {
  const v = value.trim().toLowerCase();
  return GOVERNORATES.find((g) => g.code === v || g.en.toLowerCase() === v || g.ar === value.trim()) ?? null;
}

/** Any letter of a Latin name in either case, as a pattern needs it without an `i` flag. */
const anyCase = (text: string) => text.replace(/[a-z]/gi, (c) => `[${c.toLowerCase()}${c.toUpperCase()}]`);

/** The values findGovernorate knows, as one JSON-schema pattern: codes and English names in any case, Arabic names. */
export const GOVERNORATE_PATTERN = `^(?:${[...new Set(GOVERNORATES.flatMap((g) => [anyCase(g.code), anyCase(g.en), g.ar]))].join('|')})$`;
