// Theme: the contract every style uses, the default dark theme (global) and the site's own colours.
export { vars } from './theme/theme.css.ts';
export { darkTokens, media, FONT_FALLBACK_STACK } from './theme/tokens.ts';
export { themeVars, parseHexColor, readableTextOn, fontStack, type SiteAppearance } from './theme/theme-vars.ts';

// Site information as the apps show it.
export { DEFAULT_SITE_INFO, resolveAssetUrl, resolveSiteInfo } from './site/site-info.ts';
export { useSiteFont } from './hooks/use-site-font.ts';

// Components.
export {
  Button,
  IconButton,
  buttonClassName,
  type ButtonProps,
  type IconButtonProps,
  type ButtonVariant,
  type ButtonSize,
} from './components/button.tsx';
export { Badge, type BadgeProps, type BadgeTone } from './components/badge.tsx';
export { StatusBadge, statusAppearance, type StatusBadgeProps } from './components/status-badge.tsx';
export { Spinner, type SpinnerProps } from './components/spinner.tsx';
export { Skeleton, type SkeletonProps } from './components/skeleton.tsx';
export { Logo, monogramOf, type LogoProps } from './components/logo.tsx';
export { AppRoot, Main, SkipLink, Container, containerClassName, visuallyHidden, MAIN_CONTENT_ID } from './components/layout.tsx';
export {
  SiteHeaderLayout,
  headerNavList,
  headerNavLink,
  headerBrandLink,
  headerBrandName,
  type SiteHeaderLayoutProps,
} from './components/site-header-layout.tsx';
export { FooterLayout, FooterSection, footerList, footerLink, type FooterLayoutProps } from './components/footer-layout.tsx';
export * from './components/icons.tsx';
export {
  TextField,
  TextAreaField,
  PasswordField,
  SelectField,
  Checkbox,
  type TextFieldProps,
  type TextAreaFieldProps,
  type PasswordFieldProps,
  type SelectFieldProps,
  type SelectOption,
  type SelectOptionGroup,
  type CheckboxProps,
} from './components/field.tsx';
export { Modal, type ModalProps } from './components/modal.tsx';
export { StarRating, ratingFigure, shownStars, starFills, type StarFill, type StarRatingProps } from './components/star-rating.tsx';
export { Price, type PriceProps } from './components/price.tsx';
export { MessagePage, PagePending, type MessagePageProps } from './components/message-page.tsx';
export { EmptyState, type EmptyStateProps } from './components/empty-state.tsx';

// Browser plumbing both apps share: the stored session and the query client's policy.
export { SESSION_KEYS, readAccessToken, clearStoredSession } from './session/session-storage.ts';
export {
  createSessionStore,
  LOGOUT_WAIT_MS,
  type SessionState,
  type SessionStatus,
  type SessionStore,
  type SessionStoreOptions,
} from './session/session-store.ts';
export { createQueryClient } from './query/query-client.ts';
export { parseHttpUrl } from './config/http-url.ts';
export { SearchField, type SearchFieldProps } from './components/search-field.tsx';
export { Notice, type NoticeProps, type NoticeTone } from './components/notice.tsx';
export { CopyButton, copyText, COPIED_FEEDBACK_MS, type CopyButtonProps } from './components/copy-button.tsx';
export {
  loadSiteFont,
  siteFontReady,
  isSiteFont,
  siteFontFiles,
  siteFontFaceCss,
  SITE_FONT_STYLE_ATTRIBUTE,
  LATIN_UNICODE_RANGE,
  type SiteFontFiles,
} from './theme/site-fonts.ts';
export { withDetail } from './feedback/with-detail.ts';
export { AppToaster } from './feedback/app-toaster.tsx';
export {
  DataTable,
  DataHeaderCell,
  DataRow,
  DataCell,
  DataTableLoadingRow,
  DataTableEmptyRow,
  type DataTableProps,
  type DataCellProps,
} from './components/data-table.tsx';
export { Pagination, pageCount, DEFAULT_PAGINATION_LABELS, type PaginationProps, type PaginationLabels } from './components/pagination.tsx';
export { StatGrid, StatCard, StatFigure, type StatCardProps, type StatCardTone } from './components/stat-card.tsx';
export { shortFigure, SHORTEN_FROM, type FigureKind, type ShortFigure } from './components/figure.ts';
