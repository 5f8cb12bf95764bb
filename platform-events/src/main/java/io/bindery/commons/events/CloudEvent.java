package io.bindery.commons.events;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.databind.JsonNode;

/**
 * A CloudEvents 1.0 envelope in structured JSON mode: {@code type} is
 * {@code bindery.<resource>.<verb>.v1}, {@code subject} the aggregate id, {@code data} the resource as the
 * API shows it (without per-caller fields). {@code traceparent} and {@code tracestate} are CloudEvents' distributed
 * tracing extension: the W3C trace context of the request that made the change, which consumers continue.
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record CloudEvent(String specversion, String id, String source, String type, String subject, String time,
                         String datacontenttype, JsonNode data, String traceparent, String tracestate) {
    public CloudEvent(String specversion, String id, String source, String type, String subject, String time,
                      String datacontenttype, JsonNode data) {
        this(specversion, id, source, type, subject, time, datacontenttype, data, null, null);
    }
}
