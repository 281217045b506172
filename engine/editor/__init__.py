"""The position editor's model (``daqi edit``): drafts of either game, checked as they change."""

from .draft import CubeDraft, EditError, SpiritDraft, cube_problems, draft_for, spirit_problems

__all__ = ["CubeDraft", "EditError", "SpiritDraft", "cube_problems", "draft_for", "spirit_problems"]
