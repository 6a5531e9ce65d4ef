// Poppins, latin subset, weights 400/600/700: fetched only when a site chooses this font (see ../site-fonts.ts).
import regular from '@fontsource/poppins/files/poppins-latin-400-normal.woff2?url';
import semibold from '@fontsource/poppins/files/poppins-latin-600-normal.woff2?url';
import bold from '@fontsource/poppins/files/poppins-latin-700-normal.woff2?url';

export default { 400: regular, 600: semibold, 700: bold };
