import { mainText } from './check.js';
import { show } from './show.js';

show(mainText());
