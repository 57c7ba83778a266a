// The second of the app's evaluation steps (src/main.tsx): the libraries the app is built on, which
// evaluate apart from it. What they export here is not used; importing them is the step. No MUI or
// Emotion: the first screens are plain, and MUI comes with the parts that draw it (src/lib/mui/scope.tsx).
export { QueryClient } from '@tanstack/react-query';
export { BrowserRouter } from 'react-router-dom';
export { i18n } from '@lingui/core';
