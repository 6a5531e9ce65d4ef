import { ApiError, ERROR_CODE } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { authFailureMessage, loginFailureMessage } from './login-failure.ts';

describe('the login failure message', () => {
  it("is the server's detail when it gave one", () => {
    expect(loginFailureMessage(new ApiError(401, 'Incorrect username or password', ERROR_CODE.invalid_credentials))).toBe('Incorrect username or password');
  });

  it("is 'Login failed' for an answer without the API's body or with a blank detail", () => {
    expect(loginFailureMessage(new ApiError(502, 'Bad Gateway', ERROR_CODE.http_error))).toBe('Login failed');
    expect(loginFailureMessage(new ApiError(400, '  ', ERROR_CODE.validation_error))).toBe('Login failed');
  });

  it("is 'Login error' when the server could not be reached", () => {
    expect(loginFailureMessage(new TypeError('Failed to fetch'))).toBe('Login error');
  });

  it('takes the words of another form', () => {
    const words = { failed: 'Registration failed', network: 'Registration error' };
    expect(authFailureMessage(new ApiError(502, 'Bad Gateway', ERROR_CODE.http_error), words)).toBe('Registration failed');
    expect(authFailureMessage(new Error('offline'), words)).toBe('Registration error');
  });
});
