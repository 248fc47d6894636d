import { describe, expect, it } from 'vitest';
import { embedderOrigin } from './use-report-height';

describe('embedderOrigin', () => {
  it('reads the origin the widget put in the frame URL', () => {
    expect(embedderOrigin(`?embed=${encodeURIComponent('https://acme.example')}`)).toBe('https://acme.example');
    expect(embedderOrigin('?embed=http%3A%2F%2F127.0.0.1%3A5050')).toBe('http://127.0.0.1:5050');
  });

  it('posts nowhere without a plain http(s) origin', () => {
    expect(embedderOrigin('')).toBeNull();
    expect(embedderOrigin('?embed=*')).toBeNull();
    expect(embedderOrigin('?embed=null')).toBeNull();
    expect(embedderOrigin(`?embed=${encodeURIComponent('https://acme.example/page')}`)).toBeNull();
    expect(embedderOrigin(`?embed=${encodeURIComponent('javascript:alert(1)')}`)).toBeNull();
    expect(embedderOrigin(`?embed=${encodeURIComponent('data:text/html,x')}`)).toBeNull();
  });
});
