// A product's photos, for the owner: add them from the phone's camera or gallery (several at once,
// sent one after another, each with its progress and its own error), see each one's size, make one
// the main photo, move them earlier or later, and delete one after a confirmation.
import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router-dom';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { MAX_IMAGE_BYTES } from '@contract/admin-photos';
import { ApiError } from '@/lib/api-client';
import { formatNumber } from '@/lib/money';
import { usePageTitle } from '@/lib/page-title';
import { adminKeys } from '../api';
import { Loaded, Title, useAdmin } from '../common';
import { photosKey, photosQuery, uploadPhoto, usePhotoChange, type Photo, type PhotosData } from '../photos-api';

/** One file on its way: waiting its turn, going (with how much has gone), done, or refused with the server's words. */
interface Upload {
  key: number;
  name: string;
  state: 'waiting' | 'sending' | 'done' | 'failed';
  sent: number;
  error?: string;
}

const MEGABYTES = MAX_IMAGE_BYTES / 1024 / 1024;

/** The smallest size of a photo, for its thumbnail (the URL alone for a picture without sizes). */
const thumbnail = (photo: Photo) => photo.variants.find((v) => v.type === 'image/webp')?.url ?? photo.url;

function Uploads({ productId, onUploaded }: { productId: number; onUploaded: () => void }) {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const client = useQueryClient();
  const [uploads, setUploads] = useState<Upload[]>([]);
  const queue = useRef<{ key: number; file: File }[]>([]);
  const busy = useRef(false);
  const nextKey = useRef(1);
  const input = useRef<HTMLInputElement>(null);

  const update = (key: number, change: Partial<Upload>) => setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)));

  /** Sends the queue's files one at a time: a phone's connection is shared better that way, and each shows its own progress. */
  const drain = async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      for (let item = queue.current.shift(); item; item = queue.current.shift()) {
        const { key, file } = item;
        update(key, { state: 'sending', sent: 0 });
        try {
          const answer = await uploadPhoto(productId, file, lang, (sent) => update(key, { sent }));
          client.setQueryData<PhotosData>(photosKey(token, lang, productId), answer.data);
          update(key, { state: 'done', sent: 1 });
          onUploaded();
        } catch (error) {
          update(key, { state: 'failed', error: error instanceof ApiError ? error.message : t`Something went wrong. Please try again.` });
        }
      }
    } finally {
      busy.current = false;
      void client.invalidateQueries({ queryKey: adminKeys.all(token) });
    }
  };

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    event.target.value = '';
    const added: Upload[] = files.map((file) => {
      const key = nextKey.current++;
      // Refused here at once, without sending 10 MB for nothing; the server checks again.
      if (file.size > MAX_IMAGE_BYTES) {
        return { key, name: file.name, state: 'failed', sent: 0, error: t`This photo is larger than ${formatNumber(MEGABYTES, lang)} MB. Please choose a smaller one.` };
      }
      queue.current.push({ key, file });
      return { key, name: file.name, state: 'waiting', sent: 0 };
    });
    setUploads((list) => [...list.filter((u) => u.state !== 'done'), ...added]);
    void drain();
  };

  const stateText = (upload: Upload) => {
    switch (upload.state) {
      case 'waiting': return t`Waiting`;
      case 'sending': return upload.sent >= 1 ? t`Processing…` : t`Uploading ${formatNumber(Math.round(upload.sent * 100), lang)}%`;
      case 'done': return t`Added`;
      default: return upload.error ?? '';
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 1.5, mb: 3 }}>
      <Box>
        {/* The phone offers its camera or its gallery; several photos may be chosen at once. */}
        <input ref={input} id="photo-files" type="file" accept="image/*" multiple hidden onChange={chosen} />
        <Button variant="contained" size="large" onClick={() => input.current?.click()} sx={{ minHeight: 48, width: { xs: '100%', sm: 'auto' } }}>
          {t`Add photos`}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          {t`JPEG, PNG or WebP, up to ${formatNumber(MEGABYTES, lang)} MB each. Location and camera details are removed.`}
        </Typography>
      </Box>
      {uploads.length > 0 && (
        <Box component="ul" aria-label={t`Uploads`} sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 1 }}>
          {uploads.map((upload) => (
            <Card component="li" variant="outlined" key={upload.key} sx={{ p: 1.5, display: 'grid', gap: 0.5 }}>
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', justifyContent: 'space-between' }}>
                <Typography sx={{ minWidth: 0, overflowWrap: 'anywhere' }}><bdi>{upload.name}</bdi></Typography>
                {upload.state === 'failed' && (
                  <Button size="small" onClick={() => setUploads((list) => list.filter((u) => u.key !== upload.key))} sx={{ minHeight: 44, flex: 'none' }}>
                    {t`Dismiss`}
                  </Button>
                )}
              </Box>
              {upload.state === 'sending' && (
                <LinearProgress
                  variant={upload.sent >= 1 ? 'indeterminate' : 'determinate'}
                  value={Math.round(upload.sent * 100)}
                  aria-label={t`Uploading ${upload.name}`}
                />
              )}
              <Typography
                variant="body2"
                role={upload.state === 'failed' ? 'alert' : 'status'}
                color={upload.state === 'failed' ? 'error' : upload.state === 'done' ? 'success.main' : 'text.secondary'}
              >
                {stateText(upload)}
              </Typography>
            </Card>
          ))}
        </Box>
      )}
    </Box>
  );
}

interface PhotoCardProps {
  photo: Photo;
  index: number;
  count: number;
  main: boolean;
  busy: boolean;
  onMain(): void;
  onMove(by: -1 | 1): void;
  onDelete(): void;
}

function PhotoCard({ photo, index, count, main, busy, onMain, onMove, onDelete }: PhotoCardProps) {
  const { t } = useLingui();
  const { lang } = useAdmin();
  const number = formatNumber(index + 1, lang);
  const size = photo.width && photo.height ? `${formatNumber(photo.width, lang)} × ${formatNumber(photo.height, lang)}` : null;
  const buttonSx = { minHeight: 44 };
  // The button's own words first, then which photo: what is seen is what a voice user says.
  const named = (action: string) => t`${action}: photo ${number}`;
  return (
    <Card component="li" variant="outlined" data-photo={photo.id} sx={{ display: 'grid', gridTemplateRows: 'auto 1fr' }}>
      <Box sx={{ position: 'relative', bgcolor: '#f3eee6' }}>
        {/* Named by the card's heading ("Photo 2"), which screen readers reach first. */}
        <img
          src={thumbnail(photo)}
          alt=""
          width={photo.width ?? 300}
          height={photo.height ?? 300}
          loading="lazy"
          style={{ display: 'block', width: '100%', height: 'auto', aspectRatio: '1', objectFit: 'contain' }}
        />
        {main && <Chip label={t`Main photo`} color="primary" size="small" sx={{ position: 'absolute', top: 8, insetInlineStart: 8 }} />}
      </Box>
      <Box sx={{ p: 1.5, display: 'grid', gap: 1, alignContent: 'start' }}>
        <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 700 }}>
          {t`Photo ${number}`}
          {size && <Typography component="span" variant="body2" color="text.secondary">{' · '}<span>{size}</span></Typography>}
        </Typography>
        {/* Two buttons a row while they fit their words, one a row on a narrow card. */}
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(136px, 1fr))', gap: 1 }}>
          <Button variant="outlined" sx={buttonSx} disabled={busy || index === 0} onClick={() => onMove(-1)} data-action="earlier" aria-label={named(t`Move earlier`)}>
            {t`Move earlier`}
          </Button>
          <Button variant="outlined" sx={buttonSx} disabled={busy || index === count - 1} onClick={() => onMove(1)} data-action="later" aria-label={named(t`Move later`)}>
            {t`Move later`}
          </Button>
          {!main && (
            <Button variant="outlined" sx={buttonSx} disabled={busy} onClick={onMain} data-action="main" aria-label={named(t`Make main`)}>
              {t`Make main`}
            </Button>
          )}
          <Button variant="outlined" color="error" sx={{ ...buttonSx, gridColumn: main ? '1 / -1' : undefined }} disabled={busy} onClick={onDelete} data-action="delete" aria-label={named(t`Delete`)}>
            {t`Delete`}
          </Button>
        </Box>
      </Box>
    </Card>
  );
}

export function ProductPhotosScreen() {
  const { t } = useLingui();
  const { token, lang } = useAdmin();
  const productId = Number(useParams().id);
  const query = useQuery({ ...photosQuery(token, lang, productId), enabled: Number.isInteger(productId) && productId > 0 });
  const change = usePhotoChange(token, lang, productId);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const [deleting, setDeleting] = useState<{ photo: Photo; number: string } | null>(null);
  /** Where the focus goes once the list is drawn again: a photo's button, or the add button. */
  const focusNext = useRef<{ photo: number; action: string } | 'add' | null>(null);
  const name = query.data ? (lang === 'ar' ? query.data.product.name_ar : query.data.product.name_en) : null;
  usePageTitle(name ? t`Photos of ${name}` : t`Product photos`);

  useEffect(() => {
    const target = focusNext.current;
    if (!target || change.isPending) return;
    focusNext.current = null;
    const element = target === 'add'
      ? document.querySelector<HTMLElement>('#photo-files + button')
      : document.querySelector<HTMLElement>(`[data-photo="${target.photo}"] [data-action="${target.action}"]:not([disabled])`)
        ?? document.querySelector<HTMLElement>(`[data-photo="${target.photo}"] h2`);
    element?.focus();
  });

  const run = (text: Promise<{ message: string }>, focus: typeof focusNext.current) => {
    setSaid(null);
    text.then(
      (answer) => { focusNext.current = focus; setSaid({ ok: true, text: answer.message }); },
      (error: Error) => setSaid({ ok: false, text: error.message }),
    );
  };

  const move = (photos: Photo[], index: number, by: -1 | 1) => {
    const ids = photos.map((p) => p.id);
    const [moved] = ids.splice(index, 1);
    ids.splice(index + by, 0, moved);
    // The same button keeps the focus, unless the photo reached the end it moved towards.
    const atEnd = index + by === 0 || index + by === photos.length - 1;
    run(change.mutateAsync({ kind: 'order', ids }), { photo: moved, action: atEnd ? (by < 0 ? 'later' : 'earlier') : (by < 0 ? 'earlier' : 'later') });
  };

  const confirmDelete = (photos: Photo[]) => {
    if (!deleting) return;
    const index = photos.findIndex((p) => p.id === deleting.photo.id);
    const next = photos[index + 1] ?? photos[index - 1];
    setDeleting(null);
    run(change.mutateAsync({ kind: 'delete', imageId: deleting.photo.id }), next ? { photo: next.id, action: 'delete' } : 'add');
  };

  return (
    <>
      <Title>{name ? t`Photos of ${name}` : t`Product photos`}</Title>
      <Uploads productId={productId} onUploaded={() => setSaid(null)} />
      <Typography role={said && !said.ok ? 'alert' : 'status'} color={said?.ok === false ? 'error' : 'success.main'} sx={{ minHeight: '1.5em', mb: 1 }}>
        {said?.text}
      </Typography>
      <Loaded query={query}>
        {({ images, main_image_id }) => (images.length === 0 ? (
          <Typography><Trans>This product has no photos yet. The shop shows a placeholder until you add one.</Trans></Typography>
        ) : (
          <>
            <Box
              component="ul"
              aria-label={t`Photos`}
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr', md: 'repeat(3, 1fr)' } }}
            >
              {images.map((photo, index) => (
                <PhotoCard
                  key={photo.id}
                  photo={photo}
                  index={index}
                  count={images.length}
                  main={photo.id === main_image_id}
                  busy={change.isPending}
                  onMain={() => run(change.mutateAsync({ kind: 'main', imageId: photo.id }), { photo: photo.id, action: 'delete' })}
                  onMove={(by) => move(images, index, by)}
                  onDelete={() => setDeleting({ photo, number: formatNumber(index + 1, lang) })}
                />
              ))}
            </Box>
            <Dialog open={deleting !== null} onClose={() => setDeleting(null)} fullWidth maxWidth="xs">
              {deleting && (
                <>
                  <DialogTitle>{t`Delete photo ${deleting.number}?`}</DialogTitle>
                  <DialogContent>
                    <Typography>
                      {deleting.photo.id === main_image_id
                        ? t`This is the main photo: the next photo becomes the main one. The shop stops showing this photo at once.`
                        : t`The shop stops showing this photo at once.`}
                    </Typography>
                  </DialogContent>
                  <DialogActions>
                    <Button onClick={() => setDeleting(null)} sx={{ minHeight: 44 }}>{t`Keep it`}</Button>
                    <Button color="error" variant="contained" onClick={() => confirmDelete(images)} sx={{ minHeight: 44 }}>{t`Delete the photo`}</Button>
                  </DialogActions>
                </>
              )}
            </Dialog>
          </>
        ))}
      </Loaded>
    </>
  );
}
