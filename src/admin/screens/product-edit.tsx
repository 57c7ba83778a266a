// One product, new or existing, as the owner writes it: every text a shopper reads in English and
// Arabic side by side (stacked on a phone), the HTML texts with a live preview sanitized as the shop
// shows them, the smells as pairs, the sale type with its gifts, prices and stock in any digits.
// The server's field errors show beside their fields and nothing typed is lost; archiving asks first.
import { memo, useCallback, useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toLatinDigits } from '@contract/rules';
import { BUY_2_GET_1 } from '@contract/cart-rules';
import { ApiError } from '@/lib/api-client';
import { SafeHtml } from '@/components/safe-html';
import { usePageTitle } from '@/lib/page-title';
import { Loaded, Title, useAdmin } from '../common';
import {
  categoriesQuery, giftsQuery, productQuery, useArchiveProduct, useSaveProduct, type Product, type ProductBody,
} from '../products-api';

type TextKey = 'name_en' | 'name_ar' | 'overview_en' | 'overview_ar' | 'description_en' | 'description_ar' | 'how_to_use_en' | 'how_to_use_ar'
  | 'product_code' | 'model_number' | 'price' | 'price_after_sale' | 'stock' | 'category_id';

interface Form extends Record<TextKey, string> {
  typesale: string;
  smells: { key: number; en: string; ar: string }[];
  gifts: number[];
}

type Errors = Record<string, string[]>;

let smellKeys = 0;
const smellRow = (en = '', ar = '') => ({ key: (smellKeys += 1), en, ar });

const emptyForm = (): Form => ({
  name_en: '', name_ar: '', overview_en: '', overview_ar: '', description_en: '', description_ar: '', how_to_use_en: '', how_to_use_ar: '',
  product_code: '', model_number: '', price: '', price_after_sale: '', stock: '0', category_id: '', typesale: 'normal', smells: [], gifts: [],
});

const formOf = (p: Product): Form => ({
  name_en: p.name_en, name_ar: p.name_ar, overview_en: p.overview_en, overview_ar: p.overview_ar,
  description_en: p.description_en, description_ar: p.description_ar, how_to_use_en: p.how_to_use_en, how_to_use_ar: p.how_to_use_ar,
  product_code: p.product_code, model_number: p.model_number, price: String(p.price),
  price_after_sale: p.price_after_sale === null ? '' : String(p.price_after_sale), stock: String(p.stock),
  category_id: String(p.category_id), typesale: p.typesale, smells: p.smells.map((s) => smellRow(s.en, s.ar)), gifts: p.gifts,
});

/** A number typed in any digits (١٢٠٫٥ or 120.5); NaN when it is not one. */
export function typedNumber(value: string): number {
  const text = toLatinDigits(value).replace(/٫/g, '.').replace(/[٬,\s]/g, '');
  return /^\d+(\.\d+)?$/.test(text) ? Number(text) : Number.NaN;
}

const isPrice = (n: number) => Number.isFinite(n) && n > 0 && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6;

export function ProductEditScreen() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const { id: idParam } = useParams();
  const id = idParam === undefined ? null : Number(idParam);
  const product = useQuery({ ...productQuery(token, lang, id ?? 0), enabled: id !== null });
  usePageTitle(id === null ? t`New product` : product.data ? (lang === 'ar' ? product.data.name_ar : product.data.name_en) : t`Product`);
  return (
    <>
      <Box sx={{ mb: 1 }}><Link component={RouterLink} to="/products"><Trans>All products</Trans></Link></Box>
      {id === null ? <ProductForm product={null} /> : (
        <Loaded query={product}>{(p) => <ProductForm key={p.id} product={p} />}</Loaded>
      )}
    </>
  );
}

function ProductForm({ product }: { product: Product | null }) {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const navigate = useNavigate();
  const location = useLocation();
  const categories = useQuery(categoriesQuery(token, lang));
  const gifts = useQuery(giftsQuery(token));
  const save = useSaveProduct(token, lang);
  const [form, setForm] = useState<Form>(() => (product ? formOf(product) : emptyForm()));
  const [errors, setErrors] = useState<Errors>({});
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(
    (location.state as { said?: string } | null)?.said ? { ok: true, text: (location.state as { said: string }).said } : null,
  );
  const saidRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (said) saidRef.current?.focus();
  }, [said]);

  // One stable setter: a field re-renders only when its own value or error changes (memo), not on every key typed elsewhere.
  const set = useCallback((key: string, value: string) => setForm((f) => ({ ...f, [key]: value })), []);
  const setSmells = useCallback((update: (rows: SmellRows) => SmellRows) => setForm((f) => ({ ...f, smells: update(f.smells) })), []);
  const errorOf = (field: string) => errors[field]?.join(' ');

  /** The checks the server makes too, for an answer before sending. */
  const check = (): Errors => {
    const found: Errors = {};
    const add = (field: string, text: string) => (found[field] ??= []).push(text);
    if (!form.name_en.trim()) add('name_en', t`Please write the name in English.`);
    if (!form.name_ar.trim()) add('name_ar', t`Please write the name in Arabic.`);
    const price = typedNumber(form.price);
    if (!isPrice(price)) add('price', t`Enter a price above 0 EGP, with at most 2 decimals.`);
    if (form.price_after_sale.trim()) {
      const sale = typedNumber(form.price_after_sale);
      if (!isPrice(sale)) add('price_after_sale', t`Enter a price above 0 EGP, with at most 2 decimals.`);
      else if (isPrice(price) && sale >= price) add('price_after_sale', t`The sale price must be below the price.`);
    }
    const stock = typedNumber(form.stock);
    if (!Number.isInteger(stock) || stock < 0) add('stock', t`Stock must be a whole number, 0 or more.`);
    if (!form.category_id) add('category_id', t`Please choose one of the shop's categories.`);
    if (!form.product_code.trim()) add('product_code', t`Required`);
    if (form.typesale === BUY_2_GET_1 && form.gifts.length === 0) add('gifts', t`A "buy 2 get 1" product needs at least one gift to offer.`);
    form.smells.forEach((s, i) => {
      if (!s.en.trim()) add(`smells.${i}.en`, t`Write the smell in both languages.`);
      if (!s.ar.trim()) add(`smells.${i}.ar`, t`Write the smell in both languages.`);
    });
    return found;
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = check();
    setErrors(found);
    if (Object.keys(found).length) {
      setSaid({ ok: false, text: t`Please check the highlighted fields.` });
      return;
    }
    const salePrice = form.price_after_sale.trim() ? typedNumber(form.price_after_sale) : null;
    const body: ProductBody = {
      name_en: form.name_en, name_ar: form.name_ar, overview_en: form.overview_en, overview_ar: form.overview_ar,
      description_en: form.description_en, description_ar: form.description_ar, how_to_use_en: form.how_to_use_en, how_to_use_ar: form.how_to_use_ar,
      price: typedNumber(form.price), price_after_sale: salePrice, typesale: form.typesale as ProductBody['typesale'],
      category_id: Number(form.category_id), smells: form.smells.map(({ en, ar }) => ({ en, ar })),
      gifts: form.typesale === BUY_2_GET_1 ? form.gifts : [], product_code: form.product_code.trim(), model_number: form.model_number,
      stock: typedNumber(form.stock),
    };
    save.mutateAsync({ id: product?.id ?? null, body }).then(
      ({ message, product: saved }) => {
        setErrors({});
        if (product === null) navigate(`/products/${saved.id}`, { replace: true, state: { said: message } });
        else {
          setForm(formOf(saved));
          setSaid({ ok: true, text: message });
        }
      },
      (error: Error) => {
        setErrors(error instanceof ApiError ? error.fields : {});
        setSaid({ ok: false, text: error.message });
      },
    );
  };

  const title = product === null ? t`New product` : lang === 'ar' ? product.name_ar : product.name_en;
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ display: 'grid', gap: 2, pb: 10 }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Title><bdi>{title}</bdi></Title>
          {product?.archived && <Chip label={t`Archived`} variant="outlined" sx={{ mb: 2 }} />}
        </Box>
        {product && (
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }}>
            <Button variant="outlined" component={RouterLink} to={`/products/${product.id}/photos`} sx={{ minHeight: 44 }}>{t`Photos`}</Button>
            <ArchiveButton product={product} onDone={(text) => setSaid({ ok: true, text })} />
          </Box>
        )}
      </Box>
      {said && (
        <Typography ref={saidRef} tabIndex={-1} role={said.ok ? 'status' : 'alert'} color={said.ok ? 'success.main' : 'error'} sx={{ fontWeight: 600, outline: 'none' }}>
          {said.text}
        </Typography>
      )}

      <Section title={t`Name`}>
        <Pair>
          <Field label={t`Name in English`} lang="en" value={form.name_en} name="name_en" onChange={set} error={errorOf('name_en')} required />
          <Field label={t`Name in Arabic`} lang="ar" value={form.name_ar} name="name_ar" onChange={set} error={errorOf('name_ar')} required />
        </Pair>
      </Section>

      <Section title={t`Price and stock`}>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Field label={t`Price (EGP)`} value={form.price} name="price" onChange={set} error={errorOf('price')} inputMode="decimal" required />
          <Field label={t`Sale price (EGP)`} value={form.price_after_sale} name="price_after_sale" onChange={set} error={errorOf('price_after_sale')} inputMode="decimal" help={t`Empty: not on sale`} />
          <Field label={t`Stock`} value={form.stock} name="stock" onChange={set} error={errorOf('stock')} inputMode="numeric" required />
          <TextField
            select label={t`Category`} value={form.category_id} onChange={(e) => set('category_id', e.target.value)} required
            error={Boolean(errorOf('category_id'))} helperText={errorOf('category_id')}
          >
            {(categories.data ?? []).map((c) => <MenuItem key={c.id} value={String(c.id)}>{c.name}</MenuItem>)}
          </TextField>
        </Box>
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}>
          <Field label={t`Product code`} lang="en" value={form.product_code} name="product_code" onChange={set} error={errorOf('product_code')} required />
          <Field label={t`Model number`} lang="en" value={form.model_number} name="model_number" onChange={set} error={errorOf('model_number')} />
        </Box>
      </Section>

      <Section title={t`Offer`}>
        <TextField select label={t`Sale type`} value={form.typesale} onChange={(e) => set('typesale', e.target.value)} sx={{ maxWidth: 320 }}
          error={Boolean(errorOf('typesale'))} helperText={errorOf('typesale')}>
          <MenuItem value="normal">{t`Normal`}</MenuItem>
          <MenuItem value={BUY_2_GET_1}>{t`Buy 2, get 1 free gift`}</MenuItem>
        </TextField>
        {form.typesale === BUY_2_GET_1 && (
          <GiftsPicker
            options={gifts.data ?? []} value={form.gifts} error={errorOf('gifts')}
            onChange={(next) => setForm((f) => ({ ...f, gifts: next }))}
          />
        )}
      </Section>

      <Section title={t`Smells`}>
        <SmellsEditor smells={form.smells} errors={errors} onChange={setSmells} />
      </Section>

      {([
        ['overview', t`Overview`],
        ['description', t`Description`],
        ['how_to_use', t`How to use`],
      ] as const).map(([field, name]) => (
        <Section key={field} title={name}>
          <Pair>
            <HtmlField label={t`${name} in English`} lang="en" value={form[`${field}_en`]} name={`${field}_en`} onChange={set} error={errorOf(`${field}_en`)} />
            <HtmlField label={t`${name} in Arabic`} lang="ar" value={form[`${field}_ar`]} name={`${field}_ar`} onChange={set} error={errorOf(`${field}_ar`)} />
          </Pair>
        </Section>
      ))}

      <Box className="admin-save-bar">
        <Button type="submit" variant="contained" size="large" disabled={save.isPending} sx={{ minHeight: 48, minWidth: 160 }}>
          {product === null ? t`Add the product` : t`Save`}
        </Button>
      </Box>
    </Box>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" sx={{ p: { xs: 1.5, sm: 2 }, display: 'grid', gap: 1.5 }}>
      <Typography component="h2" variant="h6" sx={{ fontSize: '1.05rem', fontWeight: 700 }}>{title}</Typography>
      {children}
    </Card>
  );
}

/** English and Arabic side by side from 900 px, stacked below. */
function Pair({ children }: { children: ReactNode }) {
  return <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' } }}>{children}</Box>;
}

interface FieldProps {
  /** what `onChange` is told changed */
  name: string;
  label: string;
  value: string;
  onChange: (name: string, value: string) => void;
  error?: string;
  /** the text's own language: its direction follows (Arabic right to left) whatever the page's */
  lang?: 'en' | 'ar';
  inputMode?: 'decimal' | 'numeric';
  required?: boolean;
  help?: ReactNode;
  multiline?: boolean;
}

const Field = memo(function Field({ name, label, value, onChange, error, lang, inputMode, required, help, multiline }: FieldProps) {
  const dir = lang === undefined ? undefined : lang === 'ar' ? 'rtl' : 'ltr';
  return (
    <TextField
      label={label} value={value} onChange={(e) => onChange(name, e.target.value)} required={required} fullWidth
      error={Boolean(error)} helperText={error ?? help} multiline={multiline} minRows={multiline ? 4 : undefined}
      slotProps={{ htmlInput: { dir, lang, inputMode, autoComplete: 'off' } }}
    />
  );
});

/** The allowed HTML as text, and below it what the shop will show: sanitized as the shop sanitizes it. */
const HtmlField = memo(function HtmlField({ name, label, value, onChange, error, lang }: FieldProps & { lang: 'en' | 'ar' }) {
  const { t } = useLingui();
  return (
    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
      <Field name={name} label={label} lang={lang} value={value} onChange={onChange} error={error} multiline
        help={<span dir="ltr">{t`HTML: <p>, <b>, <i>, <ul><li>, <ol><li>, <a href>, <h3>…`}</span>} />
      <Typography variant="caption" color="text.secondary" aria-hidden="true">{t`Preview`}</Typography>
      <Box role="region" aria-label={t`Preview of ${label}`} dir={lang === 'ar' ? 'rtl' : 'ltr'} lang={lang}
        sx={{ border: '1px dashed #d9cfc0', borderRadius: 1, p: 1.5, minHeight: 48, background: '#fff', overflowWrap: 'anywhere', '& p': { m: 0, mb: 1 } }}>
        <SafeHtml html={value} />
      </Box>
    </Box>
  );
});

type SmellRows = Form['smells'];

function SmellsEditor({ smells, errors, onChange }: { smells: SmellRows; errors: Errors; onChange: (update: (rows: SmellRows) => SmellRows) => void }) {
  const { t } = useLingui();
  const { lang } = useAdmin();
  const lastAdded = useRef<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    // Focus goes to the new smell's first field, so the owner types straight on.
    if (lastAdded.current === null) return;
    list.current?.querySelector<HTMLInputElement>(`[data-smell="${lastAdded.current}"] input`)?.focus();
    lastAdded.current = null;
  }, [smells]);
  const change = useCallback((name: string, value: string) => {
    const [key, part] = name.split(':');
    onChange((rows) => rows.map((s) => (String(s.key) === key ? { ...s, [part]: value } : s)));
  }, [onChange]);
  const errorOf = (field: string) => errors[field]?.join(' ');
  return (
    <>
      {smells.length === 0 && <Typography color="text.secondary">{t`No smells: the shopper chooses none.`}</Typography>}
      <Box component="ol" ref={list} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1.5 }}>
        {smells.map((smell, i) => {
          const n = (i + 1).toLocaleString(lang === 'ar' ? 'ar-EG' : 'en-EG');
          return (
            <Box component="li" key={smell.key} data-smell={smell.key}
              sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: 'minmax(0, 1fr) 44px', md: 'minmax(0, 1fr) minmax(0, 1fr) 44px' }, alignItems: 'start' }}>
              <Field label={t`Smell ${n} in English`} lang="en" value={smell.en} name={`${smell.key}:en`} onChange={change} error={errorOf(`smells.${i}.en`)} />
              <Box sx={{ gridRow: { xs: 2, md: 'auto' } }}>
                <Field label={t`Smell ${n} in Arabic`} lang="ar" value={smell.ar} name={`${smell.key}:ar`} onChange={change} error={errorOf(`smells.${i}.ar`)} />
              </Box>
              <IconButton aria-label={t`Remove smell ${n}`} onClick={() => onChange((rows) => rows.filter((s) => s.key !== smell.key))} sx={{ width: 44, height: 44, gridRow: { xs: '1 / span 2', md: 'auto' } }}>
                <span aria-hidden="true">✕</span>
              </IconButton>
            </Box>
          );
        })}
      </Box>
      {errorOf('smells') && <FormHelperText error>{errorOf('smells')}</FormHelperText>}
      <Box>
        <Button variant="outlined" sx={{ minHeight: 44 }} onClick={() => {
          const row = smellRow();
          lastAdded.current = row.key;
          onChange((rows) => [...rows, row]);
        }}>{t`Add a smell`}</Button>
      </Box>
    </>
  );
}

function GiftsPicker({ options, value, error, onChange }: { options: { id: number; name_en: string; name_ar: string; image: string }[]; value: number[]; error?: string; onChange: (next: number[]) => void }) {
  const { t } = useLingui();
  const { lang } = useAdmin();
  const legendId = useId();
  return (
    <Box role="group" aria-labelledby={legendId} sx={{ display: 'grid', gap: 0.5 }}>
      <Typography id={legendId} sx={{ fontWeight: 600 }}>{t`Gifts the shopper chooses from (buying 2)`}</Typography>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}>
        {options.map((gift) => (
          <FormControlLabel
            key={gift.id} sx={{ minHeight: 44, m: 0 }}
            control={<Checkbox checked={value.includes(gift.id)} onChange={(e) => onChange(e.target.checked ? [...value, gift.id] : value.filter((id) => id !== gift.id))} />}
            label={(
              <Box component="span" sx={{ display: 'inline-flex', gap: 1, alignItems: 'center' }}>
                <img src={gift.image} alt="" width={32} height={32} style={{ borderRadius: 4 }} />
                {lang === 'ar' ? gift.name_ar : gift.name_en}
              </Box>
            )}
          />
        ))}
      </Box>
      {error && <FormHelperText error>{error}</FormHelperText>}
    </Box>
  );
}

function ArchiveButton({ product, onDone }: { product: Product; onDone: (text: string) => void }) {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const archive = useArchiveProduct(token, lang);
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);
  const next = !product.archived;
  const confirm = () => {
    archive.mutateAsync({ id: product.id, archived: next }).then(
      (text) => { setOpen(false); onDone(text); },
      (error: Error) => setFailed(error.message),
    );
  };
  return (
    <>
      <Button variant="outlined" color={next ? 'error' : 'primary'} onClick={() => { setFailed(null); setOpen(true); }} sx={{ minHeight: 44 }}>
        {next ? t`Archive` : t`Put back on sale`}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} aria-labelledby="archive-title">
        <DialogTitle id="archive-title">{next ? t`Archive this product?` : t`Put this product back on sale?`}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {next
              ? t`It leaves the shop's lists, searches and home page, and can no longer be added to a cart. Orders keep it. You can put it back on sale at any time.`
              : t`It shows in the shop again and can be ordered while it has stock.`}
          </DialogContentText>
          {failed && <Typography role="alert" color="error" sx={{ mt: 1 }}>{failed}</Typography>}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setOpen(false)} sx={{ minHeight: 44 }}>{t`Cancel`}</Button>
          <Button onClick={confirm} variant="contained" color={next ? 'error' : 'primary'} disabled={archive.isPending} autoFocus sx={{ minHeight: 44 }}>
            {next ? t`Archive` : t`Put back on sale`}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
