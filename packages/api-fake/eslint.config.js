import base from '@store/eslint-config/base';

export default base;
