package io.bindery.content.spaces;

import io.bindery.content.items.SpaceView;

/** GitBook's MemberContentPermission: a space a member can see, with the member's role on it. */
public record MemberSpaceView(String permission, SpaceView space) {
}
