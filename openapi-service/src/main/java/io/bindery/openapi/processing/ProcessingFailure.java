package io.bindery.openapi.processing;

import io.bindery.openapi.specs.ProcessErrorCode;
import io.bindery.openapi.specs.SpecView;

import java.util.List;

/** Why a processing ended without a version: GitBook's error code and every error found, with where. */
public class ProcessingFailure extends RuntimeException {
    private final ProcessErrorCode code;
    private final List<SpecView.ProcessError> errors;

    public ProcessingFailure(ProcessErrorCode code, List<SpecView.ProcessError> errors) {
        super(code + ": " + (errors.isEmpty() ? "" : errors.get(0).message()), null, false, false);
        this.code = code;
        this.errors = List.copyOf(errors);
    }

    public static ProcessingFailure of(ProcessErrorCode code, String message, String location) {
        return new ProcessingFailure(code, List.of(new SpecView.ProcessError(message, code.wire(), location)));
    }

    public ProcessErrorCode code() {
        return code;
    }

    public List<SpecView.ProcessError> errors() {
        return errors;
    }
}
