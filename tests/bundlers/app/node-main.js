import { mainText } from './check.js';

console.log(mainText());
