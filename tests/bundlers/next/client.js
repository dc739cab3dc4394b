'use client';
import { useEffect, useState } from 'react';
import { mainText } from '../check.js';

export function Client() {
  const [text, setText] = useState('');
  useEffect(() => setText(mainText()), []);
  return text ? <p id="out">{text}</p> : null;
}
