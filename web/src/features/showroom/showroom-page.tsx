import type { Model3d } from '@site/domain';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { preload } from 'react-dom';
import { Link as RouterLink } from 'react-router';
import { Icon, iconPaths } from '#web/components/icons.tsx';
import { PageMeta } from '#web/components/page-meta.tsx';
import { paths } from '#web/config/paths.ts';
import { pageSeo } from '#web/config/seo.ts';
import { useBusiness } from '#web/lib/site-settings.ts';
import { showroomModels, showroomModelsUrl } from '#web/lib/public-lists.ts';
import { usePublicList } from '#web/lib/use-public-list.ts';
import layout from '#web/styles/layout.module.css';
import type { AttachedDesign } from '#web/lib/attached-design.ts';
import { ModelCard } from './components/model-card';
import styles from './showroom.module.css';

// The viewer's dialog (MUI, and the 3D viewer it loads when opened) comes on first intent.
const loadProviders = () => import('#web/components/dialog-providers.tsx');
const loadModelDialog = () => import('./components/model-dialog');
const DialogProviders = lazy(loadProviders);
const ModelDialog = lazy(loadModelDialog);
const preloadDialog = () => {
  void loadProviders();
  void loadModelDialog();
};

/** How many cards hold the list's place while it loads: one full row on the widest layout. */
const placeholderCards = 3;

function Models({ onOpen }: { onOpen: (model: Model3d) => void }) {
  const models = usePublicList(showroomModels);
  if (models.status === 'pending') {
    return (
      <div className={styles.loading}>
        <div role="status" className={styles.status}>
          <span className={styles.spinner} aria-hidden="true" />
          <p className={layout.text}>Loading models...</p>
        </div>
        <ul className={styles.grid} aria-hidden="true">
          {Array.from({ length: placeholderCards }, (_, index) => (
            <li key={index} className={styles.placeholder}>
              <div className={styles.picture} />
              <div className={styles.placeholderText} />
            </li>
          ))}
        </ul>
      </div>
    );
  }
  if (models.status === 'error') {
    return (
      <div role="alert" className={styles.message}>
        <p className={styles.messageText}>Sorry, the showroom could not be loaded.</p>
        <button type="button" className={styles.retry} onClick={() => void showroomModels.retry()}>
          Try again
        </button>
      </div>
    );
  }
  if (models.data.length === 0) {
    return <p className={styles.empty}>No 3D models available yet. Check back soon!</p>;
  }
  return (
    <ul className={styles.grid} aria-label="3D models">
      {models.data.map((model, index) => (
        <ModelCard key={model.id} model={model} first={index === 0} onOpen={() => onOpen(model)} onIntent={preloadDialog} />
      ))}
    </ul>
  );
}

interface ShowroomPageProps {
  /** "Enquire about this design" in the viewer, once the viewer has closed; no button without it. */
  onEnquire?: (design: AttachedDesign) => void;
  /** The visitor is about to enquire: time to fetch the inquiry's code. */
  onPreloadEnquiry?: () => void;
}

/** /virtual-showroom: the 3D models, each opening in an interactive viewer. */
export default function ShowroomPage({ onEnquire, onPreloadEnquiry }: ShowroomPageProps) {
  const business = useBusiness();
  // Rendered without its models (the build's own page), the page asks for them in its <head>,
  // so the browser fetches them while it reads the page, before any script; the entry
  // script's own request for them (same URL, same credentials) is then answered by that
  // preload. Rendered by the server with them, its cards are in the HTML and need no request.
  const models = usePublicList(showroomModels);
  if (showroomModels.getServerSnapshot().status !== 'success') preload(showroomModelsUrl, { as: 'fetch', crossOrigin: 'use-credentials' });
  const [model, setModel] = useState<Model3d | null>(null);
  const [open, setOpen] = useState(false);
  const show = (next: Model3d) => {
    setModel(next);
    setOpen(true);
  };

  // "Enquire about this design": the viewer closes first, then the page's owner opens the
  // inquiry (two dialogs never overlap).
  const enquireAbout = useRef<AttachedDesign | null>(null);
  const enquire = (design: AttachedDesign) => {
    onPreloadEnquiry?.();
    enquireAbout.current = design;
    setOpen(false);
  };
  const modelExited = () => {
    setModel(null);
    const design = enquireAbout.current;
    enquireAbout.current = null;
    if (design) onEnquire?.(design);
  };

  // /virtual-showroom?model=<id> (a project's "View in 3D") opens that model once the list is in.
  const [asked, setAsked] = useState(true);
  useEffect(() => {
    const wanted = new URLSearchParams(window.location.search).get('model');
    const found = wanted && asked ? models.data?.find((m) => m.id === wanted) : undefined;
    if (!found) return;
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is only known in the browser, after hydration
    setAsked(false);
    show(found);
  }, [models.data, asked]);
  return (
    <>
      <PageMeta {...pageSeo(business)[paths.showroom]} path={paths.showroom} />
      <div className={styles.band}>
        <div className={layout.container}>
          <RouterLink to={paths.home} className={styles.back}>
            <Icon path={iconPaths.arrowBack} size={20} />
            Back to Home
          </RouterLink>
          <h1 className={styles.title}>Virtual Showroom</h1>
          <p className={styles.intro}>
            Step inside our work: open any design to turn it around, zoom in on the details, and see it in your own room with AR on
            supported phones.
          </p>
        </div>
      </div>
      <div className={`${layout.container} ${styles.content}`}>
        <Models onOpen={show} />
      </div>
      {model ? (
        <Suspense fallback={null}>
          <DialogProviders>
            <ModelDialog
              model={model}
              open={open}
              onClose={() => setOpen(false)}
              onExited={modelExited}
              onEnquire={onEnquire ? enquire : undefined}
            />
          </DialogProviders>
        </Suspense>
      ) : null}
    </>
  );
}
