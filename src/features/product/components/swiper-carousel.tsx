import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper';
import type { SwiperOptions } from 'swiper/types';
import 'swiper/css';
import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/lib/language';
import { formatNumber } from '@/lib/money';
import { useSeen } from '@/lib/use-seen';
import { ChevronStartIcon } from '@/components/icons';
import { iconButtonClass } from '@/components/plain-controls';
import { CAROUSEL_DEFAULTS, ShowImages, type CarouselProps } from './carousel';
import './product-page.css';

/**
 * The shop's one Swiper: §9's defaults, named for screen readers (a region
 * with aria-roledescription "carousel", slides as labelled groups), Previous
 * and Next buttons in the tab order, and arrow keys, Home and End while focus
 * is inside. The keys are handled here rather than by Swiper's Keyboard module,
 * which listens on the whole document and would move every carousel in view.
 * The Swiper is keyed on the direction so a language switch rebuilds it in rtl.
 */
export function SwiperCarousel({ label, slides, breakpoints, spaceBetween = 0, deferImages = false, focusNext = false }: CarouselProps) {
  const { t } = useLingui();
  const { dir, lang } = useLanguage();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [view, setView] = useState({ index: 0, begin: true, end: slides.length <= 1, locked: slides.length <= 1, perView: 1 });
  const [region, setRegion] = useState<HTMLElement | null>(null);
  const nextButton = useRef<HTMLButtonElement>(null);
  // The last slide index the shopper has had in view. Once data saver is off,
  // every picture may load, and pictures already shown stay if it is turned on again.
  const [reached, setReached] = useState(deferImages ? 0 : Infinity);
  const seen = useSeen(region, deferImages && reached !== Infinity);
  useEffect(() => {
    if (!deferImages) setReached(Infinity);
  }, [deferImages]);
  useEffect(() => {
    if (focusNext) nextButton.current?.focus();
    // Only on mount: the request for more slides happened just before.
  }, []);

  const sync = useCallback((s: SwiperInstance) => {
    const perView = typeof s.params.slidesPerView === 'number' ? s.params.slidesPerView : 1;
    setView({ index: s.activeIndex, begin: s.isBeginning, end: s.isEnd, locked: s.slides.length <= perView, perView });
    setReached((r) => Math.max(r, s.activeIndex + Math.ceil(perView) - 1));
  }, []);
  const showImages = (i: number) => reached === Infinity || (seen && i <= reached);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!swiper || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return;
    const next = dir === 'rtl' ? 'ArrowLeft' : 'ArrowRight';
    const prev = dir === 'rtl' ? 'ArrowRight' : 'ArrowLeft';
    if (event.key === next) swiper.slideNext();
    else if (event.key === prev) swiper.slidePrev();
    else if (event.key === 'Home') swiper.slideTo(0);
    else if (event.key === 'End') swiper.slideTo(slides.length - 1);
    else return;
    event.preventDefault();
  };

  // One message for Swiper's slide labels and the visible position.
  const position = (current: string, total: string) => t`${current} of ${total}`;
  // The chevrons point to the start and to the end of the line: on the right and the left in rtl.
  const mirrored = { transform: 'scaleX(-1)' };
  const [previousStyle, nextStyle] = dir === 'rtl' ? [mirrored, undefined] : [undefined, mirrored];

  return (
    <div ref={setRegion} className="attar-carousel" role="region" aria-roledescription={t`carousel`} aria-label={label} onKeyDown={onKeyDown}>
      <Swiper
        key={dir}
        dir={dir}
        modules={[A11y]}
        {...CAROUSEL_DEFAULTS}
        initialSlide={view.index}
        spaceBetween={spaceBetween}
        breakpoints={breakpoints}
        a11y={{
          enabled: true,
          containerMessage: null,
          containerRoleDescriptionMessage: null,
          itemRoleDescriptionMessage: t`slide`,
          // Swiper writes its own numbers in Western digits: the slides are labelled below instead.
          slideLabelMessage: '',
        }}
        onSwiper={(s) => { setSwiper(s); sync(s); }}
        onSlideChange={sync}
        onBreakpoint={sync}
        onLock={sync}
        onUnlock={sync}
        onResize={sync}
      >
        {slides.map((slide, i) => (
          <SwiperSlide key={slide.key} aria-label={position(formatNumber(i + 1, lang), formatNumber(slides.length, lang))}>
            <ShowImages.Provider value={showImages(i)}>{slide.content}</ShowImages.Provider>
          </SwiperSlide>
        ))}
      </Swiper>
      {!view.locked && (
        <div className="attar-carousel__controls">
          <button type="button" className={iconButtonClass()} onClick={() => swiper?.slidePrev()} disabled={view.begin} aria-label={t`Previous slide`}>
            <ChevronStartIcon style={previousStyle} />
          </button>
          {view.perView === 1 && (
            <span className="attar-carousel__position" aria-live="polite">
              {position(formatNumber(view.index + 1, lang), formatNumber(slides.length, lang))}
            </span>
          )}
          <button ref={nextButton} type="button" className={iconButtonClass()} onClick={() => swiper?.slideNext()} disabled={view.end} aria-label={t`Next slide`}>
            <ChevronStartIcon style={nextStyle} />
          </button>
        </div>
      )}
    </div>
  );
}
