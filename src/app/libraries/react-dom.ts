// The first of the app's evaluation steps (src/main.tsx): React's DOM renderer, a third of the code.
export { createRoot, hydrateRoot } from 'react-dom/client';
