"""Calibrate from a pilot run: parse the customer's own logs, fit efficiency constants,
re-project the full-scale plan. Qt-free; see docs/calibration.md."""

from gpudesk.calibration.consistency import consistency_checks
from gpudesk.calibration.fit import (
    ComparisonRow,
    FitPoint,
    FitResult,
    FittedScale,
    fit_scales,
    points_from_steady_state,
)
from gpudesk.calibration.measurement import Measurement, ParseResult, Problem, UnrecognisedLogError
from gpudesk.calibration.parsers import LOG_FORMATS, detect_and_parse
from gpudesk.calibration.pilot_model import PilotModel, PilotSetup, PilotSetupError
from gpudesk.calibration.pilot_study import (
    PilotStudy,
    calibration_from_fit,
    fit_pilot,
    from_plan_measurement,
    pilot_checks,
    reproject_plan,
    study_pilot,
)
from gpudesk.calibration.reprojection import ProjectedFigure, Reprojection, reproject
from gpudesk.calibration.steady_state import SteadyState, SteadyValue, record_steady_state, steady_state

__all__ = [
    "LOG_FORMATS", "ComparisonRow", "FitPoint", "FitResult", "FittedScale", "Measurement", "ParseResult",
    "PilotModel", "PilotSetup", "PilotSetupError", "PilotStudy", "Problem", "ProjectedFigure", "Reprojection",
    "SteadyState", "SteadyValue", "UnrecognisedLogError",
    "calibration_from_fit", "consistency_checks", "detect_and_parse", "fit_pilot", "fit_scales",
    "from_plan_measurement", "pilot_checks", "points_from_steady_state", "record_steady_state", "reproject",
    "reproject_plan", "steady_state", "study_pilot",
]
