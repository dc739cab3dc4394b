import { liteText } from './lite-check.js';
import { show } from './show.js';

show(liteText());
