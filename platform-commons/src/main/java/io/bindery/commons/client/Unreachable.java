package io.bindery.commons.client;

import io.bindery.commons.errors.ApiException;

/** Another service could not be reached (or answered nothing in time): a 503, and what a GET retries on. */
public class Unreachable extends ApiException {
    public Unreachable(String message) {
        super(503, message);
    }
}
