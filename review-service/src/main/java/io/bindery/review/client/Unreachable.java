package io.bindery.review.client;

import io.bindery.commons.errors.ApiException;

/** Another service could not be reached (or answered nothing in time): a 503, and what a GET retries on. */
class Unreachable extends ApiException {
    Unreachable(String message) {
        super(503, message);
    }
}
