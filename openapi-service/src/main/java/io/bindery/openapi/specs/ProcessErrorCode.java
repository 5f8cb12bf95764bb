package io.bindery.openapi.specs;

import io.bindery.commons.json.WireEnum;

/** GitBook's OpenAPISpecProcessingErrorCode: why the last processing failed. */
public enum ProcessErrorCode implements WireEnum {
    /** The source (or a file its $refs reach) did not answer within the timeouts. */
    FETCH_TIMEOUT,
    /** The source could not be fetched: refused address or scheme, HTTP error, too many redirects, too large. */
    FETCH_ERROR,
    /** The document is not valid OpenAPI 3.0/3.1 or Swagger 2.0. */
    PARSE_ERROR;

    @Override
    public String wire() {
        return name();
    }

    public static class Converter extends WireEnum.Column<ProcessErrorCode> {
        public Converter() {
            super(ProcessErrorCode.class);
        }
    }
}
