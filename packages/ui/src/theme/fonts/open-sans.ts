// Open Sans, latin subset, weights 400/600/700: fetched only when a site chooses this font (see ../site-fonts.ts).
import regular from '@fontsource/open-sans/files/open-sans-latin-400-normal.woff2?url';
import semibold from '@fontsource/open-sans/files/open-sans-latin-600-normal.woff2?url';
import bold from '@fontsource/open-sans/files/open-sans-latin-700-normal.woff2?url';

export default { 400: regular, 600: semibold, 700: bold };
