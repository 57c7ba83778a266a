// The owner's categories, in their order on the shop's home page: each moved up or down one place
// (the focus stays on the category moved), renamed in both languages, given one of the shop's
// images. The shop shows a change on its next page. Uploading a new picture is not offered here:
// an image is chosen among those the shop already has (docs/decisions.md).
import { useEffect, useRef, useState } from 'react';
import { useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Controller, useForm } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { bind, fieldProps, showServerErrors } from '@/lib/form';
import { formatNumber } from '@/lib/money';
import { usePageTitle } from '@/lib/page-title';
import { Loaded, Outcome, useAdmin, type Said } from '../common';
import { categoriesQuery, type CategoryInput, type CategoryRow } from '../shop-data-api';
import { useAdminWrite } from '../api';
import { LangField, Pair, ScreenHead } from './shop-data-parts';

interface CategoryForm { name_en: string; name_ar: string; image: string }

const FIELDS = ['name_en', 'name_ar', 'image'] as const;

/** The file's name, for an image's label: "oud-oriental.svg". */
const fileName = (url: string) => url.split('/').at(-1) ?? url;

/** The shop's images as radio buttons with their pictures: one chosen, or none (a plain tile). */
function ImagePicker({ images, value, onChange, error }: { images: string[]; value: string; onChange: (url: string) => void; error?: string }) {
  const { t } = useLingui();
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, minWidth: 0 }} aria-describedby={error ? 'category-image-error' : undefined}>
      <Typography component="legend" variant="subtitle1" sx={{ mb: 1 }}>{t`Image`}</Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t`Choose one of the shop's pictures. Without one, the category shows a plain tile.`}
      </Typography>
      {error && <Typography id="category-image-error" role="alert" color="error" variant="body2" sx={{ mb: 1 }}>{error}</Typography>}
      <Box className="admin-image-picker">
        {images.map((url) => (
          <label key={url} className="admin-image-choice">
            <input type="radio" name="category-image" value={url} checked={value === url} onChange={() => onChange(url)} />
            <img src={url} alt={fileName(url)} width={72} height={72} loading="lazy" decoding="async" />
          </label>
        ))}
      </Box>
    </Box>
  );
}

function CategoryDialog({ category, images, onClose, onSaved }: {
  category: CategoryRow | null; images: string[]; onClose: () => void; onSaved: (said: Said) => void;
}) {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const phone = useMediaQuery('(max-width:599.95px)');
  const save = useAdminWrite<CategoryInput, { category: CategoryRow }>(token, lang, (body) => (
    category ? { method: 'PUT', path: `/admin/categories/${category.id}`, body } : { method: 'POST', path: '/admin/categories', body }
  ));
  const { register, control, handleSubmit, setError, formState: { errors, isSubmitting } } = useForm<CategoryForm>({
    defaultValues: { name_en: category?.name_en ?? '', name_ar: category?.name_ar ?? '', image: category?.image ?? '' },
  });
  const shown = fieldProps(errors, 'category');
  const required = (v: string) => (v.trim() === '' ? t`Required` : true);
  const onSubmit = handleSubmit(async (v) => {
    try {
      const answer = await save.mutateAsync({ name_en: v.name_en.trim(), name_ar: v.name_ar.trim(), ...(v.image ? { image: v.image } : {}) });
      onSaved({ ok: true, text: answer.message });
    } catch (error) {
      showServerErrors(error, setError, FIELDS);
    }
  });
  return (
    <Dialog open onClose={onClose} fullScreen={phone} fullWidth maxWidth="md" aria-labelledby="category-dialog-title">
      <Box component="form" noValidate onSubmit={onSubmit}>
        <DialogTitle id="category-dialog-title">{category ? t`Edit category` : t`New category`}</DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
          {errors.root?.server && <Typography role="alert" color="error">{errors.root.server.message}</Typography>}
          <Pair>
            <LangField language="en" label={t`Name in English`} required autoFocus {...bind(register('name_en', { validate: required }))} {...shown('name_en', { htmlInput: { maxLength: 60 } })} />
            <LangField language="ar" label={t`Name in Arabic`} required {...bind(register('name_ar', { validate: required }))} {...shown('name_ar', { htmlInput: { maxLength: 60 } })} />
          </Pair>
          <Controller
            name="image" control={control}
            render={({ field }) => <ImagePicker images={images} value={field.value} onChange={field.onChange} error={errors.image?.message} />}
          />
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} sx={{ minHeight: 44 }}>{t`Cancel`}</Button>
          <Button type="submit" variant="contained" loading={isSubmitting} sx={{ minHeight: 44 }}>{category ? t`Save the category` : t`Create the category`}</Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

export function CategoriesScreen() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  usePageTitle(t`Categories`);
  const query = useQuery(categoriesQuery(token, lang));
  const [editing, setEditing] = useState<CategoryRow | 'new' | null>(null);
  const [said, setSaid] = useState<Said>(null);
  const move = useAdminWrite<{ category: CategoryRow; position: number }, { category: CategoryRow }>(token, lang, ({ category, position }) => ({
    method: 'PUT', path: `/admin/categories/${category.id}`, body: { name_en: category.name_en, name_ar: category.name_ar, position },
  }));
  /** After a move, the button pressed (or, at the end of the list, the other one) of the category moved keeps the focus. */
  const list = useRef<HTMLUListElement>(null);
  const [focusAfterMove, setFocusAfterMove] = useState<{ id: number; way: 'up' | 'down' } | null>(null);
  const categories = query.data?.categories;
  useEffect(() => {
    if (!focusAfterMove || !list.current) return;
    const card = list.current.querySelector<HTMLElement>(`[data-category="${focusAfterMove.id}"]`);
    const wanted = card?.querySelector<HTMLButtonElement>(`[data-move="${focusAfterMove.way}"]:not([disabled])`)
      ?? card?.querySelector<HTMLButtonElement>('[data-move]:not([disabled])');
    wanted?.focus();
  }, [focusAfterMove, categories]);

  const moveTo = (category: CategoryRow, way: 'up' | 'down') => {
    // A second tap while the first is on its way is dropped (the button stays enabled, so it keeps the focus).
    if (move.isPending) return;
    const position = category.position + (way === 'up' ? -1 : 1);
    const name = lang === 'ar' ? category.name_ar : category.name_en;
    move.mutateAsync({ category, position }).then(
      () => { setFocusAfterMove({ id: category.id, way }); setSaid({ ok: true, text: t`${name} is now number ${formatNumber(position, lang)}.` }); },
      (error: Error) => setSaid({ ok: false, text: error.message }),
    );
  };

  return (
    <>
      <ScreenHead title={t`Categories`} action={t`New category`} onAction={() => { setSaid(null); setEditing('new'); }} />
      <Typography color="text.secondary" sx={{ mb: 2 }}>{t`In the order the shop's home page shows them.`}</Typography>
      <Outcome said={said} onClose={() => setSaid(null)} sx={{ mb: 2 }} />
      <Loaded query={query}>
        {({ categories: rows, images }) => (
          <>
            <Box component="ol" ref={list} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1, gridTemplateColumns: { md: '1fr 1fr' } }}>
              {rows.map((category, i) => {
                const name = lang === 'ar' ? category.name_ar : category.name_en;
                return (
                  <Card component="li" variant="outlined" key={category.id} data-category={category.id} sx={{ p: 1.5, display: 'grid', gap: 1, gridTemplateColumns: '64px minmax(0, 1fr)', alignItems: 'center' }}>
                    <img src={category.image} alt="" width={64} height={64} style={{ borderRadius: 8, objectFit: 'cover' }} />
                    <Box sx={{ minWidth: 0 }}>
                      <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
                        {formatNumber(category.position, lang)}. <span lang="en" dir="ltr">{category.name_en}</span>
                      </Typography>
                      <Typography lang="ar" dir="rtl" sx={{ textAlign: lang === 'ar' ? 'start' : 'end' }}>{category.name_ar}</Typography>
                      <Typography variant="body2" color="text.secondary">{t`Products: ${formatNumber(category.products_count, lang)}`}</Typography>
                    </Box>
                    <Box sx={{ gridColumn: '1 / -1', display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                      <Button
                        variant="outlined" data-move="up" disabled={i === 0} onClick={() => moveTo(category, 'up')}
                        aria-label={t`Move ${name} up`} sx={{ minHeight: 44, minWidth: 44 }}
                      >
                        <span aria-hidden="true">↑&nbsp;</span>{t`Up`}
                      </Button>
                      <Button
                        variant="outlined" data-move="down" disabled={i === rows.length - 1} onClick={() => moveTo(category, 'down')}
                        aria-label={t`Move ${name} down`} sx={{ minHeight: 44, minWidth: 44 }}
                      >
                        <span aria-hidden="true">↓&nbsp;</span>{t`Down`}
                      </Button>
                      <Button variant="text" onClick={() => { setSaid(null); setEditing(category); }} aria-label={t`Edit ${name}`} sx={{ minHeight: 44 }}>{t`Edit`}</Button>
                    </Box>
                  </Card>
                );
              })}
            </Box>
            {editing && (
              <CategoryDialog
                category={editing === 'new' ? null : editing}
                images={images}
                onClose={() => setEditing(null)}
                onSaved={(outcome) => { setEditing(null); setSaid(outcome); }}
              />
            )}
          </>
        )}
      </Loaded>
    </>
  );
}
