'use client';
import 'encoding-wasm/polyfill';
import { useEffect, useState } from 'react';
import { polyfillText } from '../../check.js';

export function PolyfillClient() {
  const [text, setText] = useState('');
  useEffect(() => setText(polyfillText()), []);
  return text ? <p id="out">{text}</p> : null;
}
