// React DOM's client, through a module of React DOM's own chunk (vite.config.ts): React DOM is
// CommonJS, which the bundle starts where it is first required. Required here, it starts when
// /boot.js runs that chunk, in a task of its own, rather than inside the entry's.
export { createRoot } from 'react-dom/client';
