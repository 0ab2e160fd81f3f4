import type { ServiceType } from '../../shared/domain/products.ts';

const paths: Record<ServiceType | 'map' | 'install' | 'unknown', string> = {
  dedicated_office: 'M4 21V4a1 1 0 0 1 1-1h9a1 1 0 0 1 1 1v17M15 9h4a1 1 0 0 1 1 1v11M2 21h20M8 7h3M8 11h3M8 15h3',
  assigned_desk: 'M3 10h18M5 10v9M19 10v9M8 10V6h8v4',
  hotdesk: 'M3 12h18M6 12v7M18 12v7M9 8h6l1 4H8z',
  parking_spot: 'M5 3h14v18H5zM10 17V7h3a3 3 0 0 1 0 6h-3',
  mailbox: 'M3 7h18v12H3zM3 7l9 6 9-6',
  conference_room: 'M4 18h16M6 18V9h12v9M9 6h6M12 6v3',
  day_pass: 'M4 6h16v4a2 2 0 0 0 0 4v4H4v-4a2 2 0 0 0 0-4zM10 6v12',
  map: 'M9 4 3 6v14l6-2 6 2 6-2V4l-6 2zM9 4v14M15 6v14',
  install: 'M12 3v12M7 10l5 5 5-5M5 20h14',
  unknown: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 8v5M12 16h.01',
};

export function Icon({ name, size = 24 }: { name: ServiceType | 'map' | 'install' | 'unknown'; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
