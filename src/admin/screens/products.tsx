// The owner's products: searched by name (either language) or code, filtered by category, on sale or
// archived, and low stock; cards on a phone, a table from 900 px. The catalog goes out as a CSV file
// and comes back through a checked import (a dry run first, then the import when no line is wrong).
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { toLatinDigits } from '@contract/rules';
import { LOW_STOCK } from '@contract/admin-products';
import { formatMoney, formatNumber } from '@/lib/money';
import { usePageTitle } from '@/lib/page-title';
import { adminKeys } from '../api';
import { Loaded, Pager, Title, useAdmin, useUrlFilters } from '../common';
import {
  categoriesQuery, downloadCatalog, importCatalog, productsQuery, type ImportOutcome, type Product, type ProductsFilter,
} from '../products-api';

function filterOf(params: URLSearchParams): ProductsFilter {
  const page = Number(params.get('page') ?? 1);
  const category = Number(params.get('category_id'));
  const archived = params.get('archived');
  return {
    q: params.get('q') ?? undefined,
    category_id: Number.isInteger(category) && category > 0 ? category : undefined,
    archived: archived === 'true' || archived === 'all' ? archived : 'false',
    low_stock: params.get('low_stock') === 'true' || undefined,
    page: Number.isInteger(page) && page > 1 ? page : undefined,
  };
}

/** The product's name in the owner's language, the other language below it. */
function Names({ product }: { product: Product }) {
  const { lang } = useAdmin();
  const [first, second] = lang === 'ar' ? [product.name_ar, product.name_en] : [product.name_en, product.name_ar];
  return (
    <Box sx={{ display: 'grid', minWidth: 0 }}>
      <strong dir="auto">{first}</strong>
      <Typography component="span" variant="body2" color="text.secondary" dir="auto" lang={lang === 'ar' ? 'en' : 'ar'}>{second}</Typography>
    </Box>
  );
}

function PriceOf({ product }: { product: Product }) {
  const { lang } = useAdmin();
  if (product.price_after_sale === null) return <span>{formatMoney(product.price, lang)}</span>;
  return (
    <span>
      <strong>{formatMoney(product.price_after_sale, lang)}</strong>{' '}
      <Typography component="s" variant="body2" color="text.secondary">{formatMoney(product.price, lang)}</Typography>
    </span>
  );
}

function StockOf({ product }: { product: Product }) {
  const { t } = useLingui();
  const { lang } = useAdmin();
  const low = product.stock <= LOW_STOCK;
  return (
    <Typography component="span" variant="body2" color={low ? 'error' : 'text.primary'} sx={{ fontWeight: low ? 700 : 400 }}>
      {t`Stock: ${formatNumber(product.stock, lang)}`}
    </Typography>
  );
}

function ArchivedChip({ product }: { product: Product }) {
  const { t } = useLingui();
  return product.archived ? <Chip size="small" color="default" variant="outlined" label={t`Archived`} /> : null;
}

export function ProductsScreen() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  usePageTitle(t`Products`);
  const [params, set] = useUrlFilters();
  const filter = filterOf(params);
  const [search, setSearch] = useState(filter.q ?? '');
  const query = useQuery({ ...productsQuery(token, lang, filter), placeholderData: keepPreviousData });
  const categories = useQuery(categoriesQuery(token, lang));
  const categoryName = (id: number) => categories.data?.find((c) => c.id === id)?.name ?? '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    set({ q: toLatinDigits(search.trim()) || undefined });
  };

  return (
    <>
      <Title>{t`Products`}</Title>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mb: 2 }}>
        <Button variant="contained" component={RouterLink} to="/products/new" sx={{ minHeight: 44 }}>{t`New product`}</Button>
        <CatalogCsv />
      </Box>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: '200px 170px auto 1fr' }, alignItems: 'center', mb: 2 }}>
        <TextField select label={t`Category`} size="small" value={filter.category_id ? String(filter.category_id) : ''} onChange={(e) => set({ category_id: e.target.value || undefined })}>
          <MenuItem value="">{t`All categories`}</MenuItem>
          {(categories.data ?? []).map((c) => <MenuItem key={c.id} value={String(c.id)}>{c.name}</MenuItem>)}
        </TextField>
        <TextField select label={t`Shown`} size="small" value={filter.archived} onChange={(e) => set({ archived: e.target.value === 'false' ? undefined : e.target.value })}>
          <MenuItem value="false">{t`On sale`}</MenuItem>
          <MenuItem value="true">{t`Archived`}</MenuItem>
          <MenuItem value="all">{t`All products`}</MenuItem>
        </TextField>
        <FormControlLabel
          sx={{ gridColumn: { xs: '1 / -1', md: 'auto' }, minHeight: 44, m: 0 }}
          control={<Checkbox checked={Boolean(filter.low_stock)} onChange={(e) => set({ low_stock: e.target.checked ? 'true' : undefined })} />}
          label={t`Low stock (${formatNumber(LOW_STOCK, lang)} or fewer)`}
        />
        <Box component="form" role="search" onSubmit={submit} sx={{ display: 'flex', gap: 1, gridColumn: { xs: '1 / -1', md: 'auto' } }}>
          <TextField
            label={t`Name or code`} type="search" size="small" fullWidth value={search}
            onChange={(e) => setSearch(e.target.value)} slotProps={{ htmlInput: { enterKeyHint: 'search' } }}
          />
          <Button type="submit" variant="contained">{t`Search`}</Button>
        </Box>
      </Box>
      <Loaded query={query}>
        {({ products, meta }) => (products.length === 0 ? <Typography>{t`No product matches.`}</Typography> : (
          <>
            <Typography sx={{ mb: 1 }} color="text.secondary">{t`Products found: ${formatNumber(meta.total, lang)}`}</Typography>
            <Box component="ul" className="admin-cards" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
              {products.map((product) => (
                <Card component="li" variant="outlined" key={product.id} sx={{ opacity: product.archived ? 0.75 : 1 }}>
                  <CardActionArea component={RouterLink} to={`/products/${product.id}`} sx={{ p: 1.5, display: 'grid', gridTemplateColumns: '56px minmax(0, 1fr)', gap: 1.5, textAlign: 'start', alignItems: 'start' }}>
                    <img src={product.main_image} alt="" width={56} height={56} loading="lazy" style={{ borderRadius: 8, objectFit: 'cover', background: '#f1ede6' }} />
                    <Box sx={{ display: 'grid', gap: 0.5, minWidth: 0 }}>
                      <Names product={product} />
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
                        <PriceOf product={product} />
                        <StockOf product={product} />
                      </Box>
                      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5, alignItems: 'center' }}>
                        <Typography component="span" variant="body2" color="text.secondary"><bdi>{product.product_code}</bdi> · {categoryName(product.category_id)}</Typography>
                        <ArchivedChip product={product} />
                      </Box>
                    </Box>
                  </CardActionArea>
                </Card>
              ))}
            </Box>
            <Box className="admin-table">
              <Table size="small" aria-label={t`Products`}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t`Product`}</TableCell>
                    <TableCell>{t`Code`}</TableCell>
                    <TableCell>{t`Category`}</TableCell>
                    <TableCell align="right">{t`Price`}</TableCell>
                    <TableCell align="right">{t`Stock`}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {products.map((product) => (
                    <TableRow key={product.id} hover sx={{ opacity: product.archived ? 0.75 : 1 }}>
                      <TableCell>
                        <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
                          <img src={product.main_image} alt="" width={40} height={40} loading="lazy" style={{ borderRadius: 6, objectFit: 'cover', background: '#f1ede6' }} />
                          <Box sx={{ display: 'grid', gap: 0.25 }}>
                            <Link component={RouterLink} to={`/products/${product.id}`}><Names product={product} /></Link>
                            <Box><ArchivedChip product={product} /></Box>
                          </Box>
                        </Box>
                      </TableCell>
                      <TableCell><bdi>{product.product_code}</bdi></TableCell>
                      <TableCell>{categoryName(product.category_id)}</TableCell>
                      <TableCell align="right"><PriceOf product={product} /></TableCell>
                      <TableCell align="right" sx={{ color: product.stock <= LOW_STOCK ? 'error.main' : undefined, fontWeight: product.stock <= LOW_STOCK ? 700 : 400 }}>
                        {formatNumber(product.stock, lang)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
            <Pager meta={meta} onPage={(page) => set({ page: page > 1 ? String(page) : undefined })} />
          </>
        ))}
      </Loaded>
    </>
  );
}

/** Export the catalog, and import one back: the file is checked first (nothing written), then imported only when every line is right. */
function CatalogCsv() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const client = useQueryClient();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState<'export' | 'check' | 'import' | null>(null);
  const [checked, setChecked] = useState<{ message: string; outcome: ImportOutcome } | null>(null);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);

  const exportNow = () => {
    setBusy('export');
    setSaid(null);
    downloadCatalog(lang).then(
      () => setSaid({ ok: true, text: t`The catalog was downloaded.` }),
      (error: Error) => setSaid({ ok: false, text: error.message }),
    ).finally(() => setBusy(null));
  };

  const check = (chosen: File) => {
    setBusy('check');
    setSaid(null);
    setChecked(null);
    importCatalog(chosen, lang, true).then(
      ({ message, outcome }) => setChecked(outcome ? { message, outcome } : null),
      (error: Error) => setSaid({ ok: false, text: error.message }),
    ).finally(() => setBusy(null));
  };

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    event.target.value = '';
    setFile(chosen);
    if (chosen) check(chosen);
  };

  const importNow = () => {
    if (!file) return;
    setBusy('import');
    importCatalog(file, lang, false).then(
      ({ ok, message, outcome }) => {
        setSaid({ ok, text: message });
        if (ok) {
          setChecked(null);
          setFile(null);
          void client.invalidateQueries({ queryKey: adminKeys.all(token) });
        } else if (outcome) {
          setChecked({ message, outcome });
        }
      },
      (error: Error) => setSaid({ ok: false, text: error.message }),
    ).finally(() => setBusy(null));
  };

  const errors = checked?.outcome.errors ?? [];
  return (
    <>
      <Button variant="outlined" onClick={exportNow} disabled={busy !== null} sx={{ minHeight: 44 }}>{t`Export CSV`}</Button>
      <Button variant="outlined" onClick={() => input.current?.click()} disabled={busy !== null} sx={{ minHeight: 44 }}>{t`Import CSV`}</Button>
      <input ref={input} type="file" accept=".csv,text/csv" hidden onChange={choose} aria-label={t`CSV file to import`} />
      <Box sx={{ flexBasis: '100%' }} aria-live="polite">
        {busy === 'check' && <Typography role="status">{t`Checking the file…`}</Typography>}
        {said && <Typography role={said.ok ? 'status' : 'alert'} color={said.ok ? 'success.main' : 'error'} sx={{ mt: 1 }}>{said.text}</Typography>}
        {checked && file && (
          <Card variant="outlined" sx={{ p: 2, mt: 1, display: 'grid', gap: 1 }}>
            <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}><Trans>Import <bdi>{file.name}</bdi></Trans></Typography>
            <Typography role="status">{checked.message}</Typography>
            {errors.length > 0 && (
              <Box sx={{ overflowX: 'auto' }}>
                <Table size="small" aria-label={t`Lines with mistakes`}>
                  <TableHead>
                    <TableRow>
                      <TableCell>{t`Line`}</TableCell>
                      <TableCell>{t`Column`}</TableCell>
                      <TableCell>{t`Mistake`}</TableCell>
                    </TableRow>
                  </TableHead>
                  <TableBody>
                    {errors.map((error, i) => (
                      <TableRow key={i}>
                        <TableCell>{formatNumber(error.line, lang)}</TableCell>
                        <TableCell><bdi>{error.field || '—'}</bdi></TableCell>
                        <TableCell>{error.message}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              </Box>
            )}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              <Button variant="contained" onClick={importNow} disabled={errors.length > 0 || busy !== null} sx={{ minHeight: 44 }}>{t`Import`}</Button>
              <Button onClick={() => { setChecked(null); setFile(null); }} disabled={busy !== null} sx={{ minHeight: 44 }}>{t`Cancel`}</Button>
            </Box>
            {errors.length > 0 && <Typography variant="body2" color="text.secondary">{t`Correct the lines above in the file, then choose it again.`}</Typography>}
          </Card>
        )}
      </Box>
    </>
  );
}
