import react from '@store/eslint-config/react';

export default react;
