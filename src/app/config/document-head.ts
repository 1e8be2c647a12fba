/**
 * The head every page shares; each page adds its own title, description, canonical and
 * sharing tags (shared/ui/page-meta), which React places in the head.
 */
export const DOCUMENT_HEAD = {
  meta: [
    { charSet: 'UTF-8' },
    { name: 'viewport', content: 'width=device-width, initial-scale=1' },
    { name: 'theme-color', content: '#0a6c74' },
  ],
  links: [
    {
      rel: 'icon',
      href: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%230a6c74'/%3E%3Cpath d='M8 16.5 16 10l8 6.5V24h-5.5v-5h-5v5H8z' fill='%23fff'/%3E%3C/svg%3E",
    },
  ],
};
