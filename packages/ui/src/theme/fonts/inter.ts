// Inter, latin subset, weights 400/600/700: fetched only when a site chooses this font (see ../site-fonts.ts).
import regular from '@fontsource/inter/files/inter-latin-400-normal.woff2?url';
import semibold from '@fontsource/inter/files/inter-latin-600-normal.woff2?url';
import bold from '@fontsource/inter/files/inter-latin-700-normal.woff2?url';

export default { 400: regular, 600: semibold, 700: bold };
