import { useCallback, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Swiper, SwiperSlide } from 'swiper/react';
import { A11y } from 'swiper/modules';
import type { Swiper as SwiperInstance } from 'swiper';
import 'swiper/css';
import { useLingui } from '@lingui/react/macro';
import { useLanguage } from '@/lib/language';
import { useSeen } from '@/lib/use-seen';
import { CAROUSEL_DEFAULTS, CarouselControls, carouselKey, FOCUSABLE, ShowImages, useSlidePosition, type SwiperCarouselProps } from './carousel';
import './product-page.css';

/**
 * The shop's one Swiper: the carousel defaults (CAROUSEL_DEFAULTS), named for
 * screen readers (a region with aria-roledescription "carousel", slides as
 * labelled groups), Previous and Next buttons in the tab order, and arrow keys,
 * Home and End while focus is inside. The keys are handled here rather than by
 * Swiper's Keyboard module,
 * which listens on the whole document and would move every carousel in view.
 * The Swiper is keyed on the direction so a language switch rebuilds it in rtl.
 * It starts where the carousel's first slides (carousel.tsx) had been moved to.
 */
export function SwiperCarousel({ label, slides, breakpoints, spaceBetween = 0, deferImages = false, initialSlide = 0, focusControl, focusAfter }: SwiperCarouselProps) {
  const { t } = useLingui();
  const { dir } = useLanguage();
  const position = useSlidePosition();
  const [swiper, setSwiper] = useState<SwiperInstance | null>(null);
  const [view, setView] = useState({ index: initialSlide, begin: initialSlide === 0, end: slides.length <= 1, locked: slides.length <= 1, perView: 1 });
  const [region, setRegion] = useState<HTMLElement | null>(null);
  // The region as it mounts, for the focus handed over then (the state above is only set after).
  const regionRef = useRef<HTMLElement | null>(null);
  const regionIs = useCallback((element: HTMLElement | null) => {
    regionRef.current = element;
    setRegion(element);
  }, []);
  const nextButton = useRef<HTMLButtonElement>(null);
  // The last slide index the shopper has had in view. Once data saver is off,
  // every picture may load, and pictures already shown stay if it is turned on again.
  const [reached, setReached] = useState(deferImages ? initialSlide : Infinity);
  const seen = useSeen(region, deferImages && reached !== Infinity);
  useEffect(() => {
    if (!deferImages) setReached(Infinity);
  }, [deferImages]);
  // Where the focus goes once Swiper is here: the first slides' spot (written into their ref as
  // they hand over, read once mounted) or the button the shopper pressed. Only on mount.
  const focusOnMount = useRef({ focusAfter, focusControl });
  useEffect(() => {
    const { focusAfter: handedOver, focusControl: pressed } = focusOnMount.current;
    const spot = handedOver?.current ?? pressed;
    const next = nextButton.current;
    const target = spot === 'next' ? next
      // Previous is the controls' first button.
      : spot === 'previous' ? next?.parentElement?.querySelector('button')
      : spot ? regionRef.current?.querySelectorAll('.swiper-slide')[spot.slide]?.querySelectorAll<HTMLElement>(FOCUSABLE)[spot.item]
      : null;
    target?.focus({ preventScroll: true });
  }, []);

  const sync = useCallback((s: SwiperInstance) => {
    const perView = typeof s.params.slidesPerView === 'number' ? s.params.slidesPerView : 1;
    setView({ index: s.activeIndex, begin: s.isBeginning, end: s.isEnd, locked: s.slides.length <= perView, perView });
    setReached((r) => Math.max(r, s.activeIndex + Math.ceil(perView) - 1));
  }, []);
  const showImages = (i: number) => reached === Infinity || (seen && i <= reached);

  const onKeyDown = (event: KeyboardEvent) => {
    const key = swiper ? carouselKey(event, dir) : null;
    if (!swiper || !key) return;
    if (key === 'next') swiper.slideNext();
    else if (key === 'previous') swiper.slidePrev();
    else if (key === 'first') swiper.slideTo(0);
    else swiper.slideTo(slides.length - 1);
    event.preventDefault();
  };

  return (
    <div ref={regionIs} className="attar-carousel" role="region" aria-roledescription={t`carousel`} aria-label={label} onKeyDown={onKeyDown}>
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
          <SwiperSlide key={slide.key} aria-label={position(i, slides.length)}>
            <ShowImages.Provider value={showImages(i)}>{slide.content}</ShowImages.Provider>
          </SwiperSlide>
        ))}
      </Swiper>
      {!view.locked && (
        <CarouselControls
          index={view.index}
          total={slides.length}
          single={view.perView === 1}
          atStart={view.begin}
          atEnd={view.end}
          onPrevious={() => swiper?.slidePrev()}
          onNext={() => swiper?.slideNext()}
          nextRef={nextButton}
        />
      )}
    </div>
  );
}
