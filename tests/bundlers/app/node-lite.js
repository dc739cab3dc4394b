import { liteText } from './lite-check.js';

console.log(liteText());
