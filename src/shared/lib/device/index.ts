export {
  MOBILE_BREAKPOINT,
  MOBILE_MEDIA_QUERY,
  USER_AGENT_MAX_LENGTH,
  MOBILE_APP_MARKER,
  currentUserAgent,
  isCrawler,
  isMobileApp,
  isMobileOrTabletDevice,
  cutUserAgent,
  isMobileViewport,
  useIsMobile,
} from './device';
